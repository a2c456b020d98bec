// The read-only commands whose operands name no file they open: they print, test or end the
// script. Each with every option its manual lists (coreutils 9, net-tools hostname, bash builtins);
// see option-parse.ts for how an entry reads. An option missing here makes the command a question.
import { bare, type CommandSpec, plain } from './command-spec.js';

// biome-ignore format: the tables read as the manuals list the options
export const PLAIN_COMMANDS: Record<string, CommandSpec> = {
  pwd: plain(['L', 'P'], { permute: false }),
  // bash's echo prints any word it does not take for -n, -e or -E
  echo: bare(),
  true: bare(),
  false: bare(),
  test: bare(),
  '[': bare(),
  '[[': bare(),
  // they only end the script: never the subject of a question or a saved rule
  exit: bare({ maxOperands: 1 }),
  return: bare({ maxOperands: 1 }),
  whoami: plain([]),
  id: plain(['a', 'Z context', 'g group', 'G groups', 'n name', 'r real', 'u user', 'z zero']),
  uname: plain([
    'a all', 's kernel-name', 'n nodename', 'r kernel-release', 'v kernel-version', 'm machine', 'p processor', 'i hardware-platform',
    'o operating-system',
  ]),
  which: plain(['a', 's']),
  whereis: plain(['b', 'B=', 'm', 'M=', 's', 'S=', 'f', 'u', 'l', 'g', 'h', 'V']),
  type: plain(['a', 'f', 'p', 'P', 't'], { permute: false }),
  printenv: plain(['0 null']),
  // a negative number is an operand, which it reads no further than its options
  seq: plain(['f format=', 's separator=', 'w equal-width'], { permute: false, numeric: /^-\.?\d/ }),
  sleep: plain([]),
  nproc: plain(['all', 'ignore=']),
  arch: plain([]),
  groups: plain([]),
  basename: plain(['a multiple', 's suffix=', 'z zero'], { permute: false }),
  dirname: plain(['z zero']),
  // `printf -v NAME …` sets a shell variable for the rest of the line
  printf: plain(['v= writes'], { permute: false }),
  // `-s` and an operand that is no `+FORMAT` set the clock; `-f` prints the lines of a file it cannot read as dates
  date: plain([
    'd date=', 'debug', 'f file= reads', 'I[=] iso-8601[=]', 'resolution', 'R rfc-email', 'rfc-3339=', 'r reference= reads', 's set= writes',
    'u utc universal',
  ], { maxOperands: 1, allows: (p) => p.operands.every((w) => w.startsWith('+')) }),
  // an operand, `-F` and `-b` set the name
  hostname: plain([
    'a alias', 'A all-fqdns', 'b boot writes', 'd domain', 'f fqdn long', 'F file= writes', 'i ip-address', 'I all-ip-addresses', 's short',
    'y yp nis', 'h', 'V',
  ], { maxOperands: 0 }),
  // bare `env` lists the environment (with a command it is seen through); `env -S "…"` runs a command line
  env: plain([
    'i ignore-environment', '0 null', 'u unset=', 'C chdir=', 'S split-string= runs', 'block-signal[=]', 'default-signal[=]',
    'ignore-signal[=]', 'list-signal-handling', 'v debug',
  ], { permute: false, maxOperands: 0 }),
  // `command -v NAME` only looks NAME up (`command ls` was seen through as `ls`)
  command: plain(['v', 'V', 'p'], { permute: false, allows: (p) => p.given.some((g) => g.option.name !== 'p') }),
};
