// Which commands only look: they run without a question in the `ask` and `auto-edit` modes. This is
// an allow-list of (command, subcommand, options): a command is read-only only when every word of it
// is known harmless. Anything not listed, an option that writes or runs another program, and an
// environment variable set for the command (`GIT_CONFIG_*`, `LD_PRELOAD`, `PAGER`…) make it a
// command that may change things, which asks.
import type { JudgedCommand } from './shell-unwrap.js';
import { commandName, judgeCommandLine } from './shell-unwrap.js';
import { controlCharacter } from '../../text/terminal-text.js';

export interface ReadOnlyVerdict {
  readOnly: boolean;
  /** the words that name files the command reads, for the secret-file and workspace checks */
  paths: string[];
  /** it reads the contents of every file under the folders it names (`grep -r`, `rg`, `diff -r`) */
  recursive?: boolean;
}

/** Options that make grep, or diff, read whole folders. */
const GREP_RECURSIVE = /^(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive|--dereference-recursive|--directories=recurse)$/;
const DIFF_RECURSIVE = /^(?:-[a-zA-Z]*r[a-zA-Z]*|--recursive)$/;

/** Values of `--option=VALUE` that look like paths (`diff --from-file=…`, `grep --file=…`): a file the command may read. */
function optionPaths(words: string[]): string[] {
  return words.slice(1).flatMap((w) => {
    const value = /^--[A-Za-z][\w-]*=(.+)$/.exec(w)?.[1];
    return value !== undefined && (value.includes('/') || /^[~.]/.test(value)) ? [value] : [];
  });
}

/** Whether the command reads the files under its folders; with no folder named, grep -r and rg read `.`. */
function readsFolders(name: string, words: string[]): boolean {
  if (name === 'rg') return !words.includes('--files');
  if (name === 'grep' || name === 'egrep' || name === 'fgrep')
    return words.some((w, i) => GREP_RECURSIVE.test(w) || (w === '-d' && words[i + 1] === 'recurse'));
  if (name === 'diff') return words.some((w) => DIFF_RECURSIVE.test(w));
  return false;
}

interface Spec {
  /** what the operands are: files it reads, nothing it opens, or a pattern then files */
  operands: 'files' | 'none' | 'pattern-then-files';
  /**
   * Options it may be given. `any`: the command has no option that writes a file or runs a program
   * (checked against its manual); otherwise a pattern every option word must match.
   */
  options: 'any' | RegExp;
  /** options that write a file or run a program, for commands whose other options are harmless */
  unsafe?: RegExp;
  /** at most this many operands (`uniq in out` writes out; `hostname NAME` renames the host) */
  maxOperands?: number;
}

const NO_OPTIONS = /^$/;
const files = (extra: Partial<Spec> = {}): Spec => ({ operands: 'files', options: 'any', ...extra });
const plain = (extra: Partial<Spec> = {}): Spec => ({ operands: 'none', options: 'any', ...extra });

// biome-ignore format: the allow-list reads as a table, like commands grouped
const COMMANDS: Record<string, Spec> = {
  cat: files(),
  head: files(),
  tail: files(),
  wc: files(),
  ls: files(),
  stat: files(),
  du: files(),
  nl: files(),
  od: files(),
  hexdump: files(),
  strings: files(),
  md5sum: files(),
  sha1sum: files(),
  sha256sum: files(),
  sha512sum: files(),
  cksum: files(),
  tac: files(),
  rev: files(),
  column: files(),
  cmp: files(),
  diff: files(),
  realpath: files(),
  readlink: files(),
  cut: files(),
  cd: files(),
  // `-C` compiles a magic file next to it
  file: files({ unsafe: /^-[a-zA-Z]*C|^--compile/ }),
  uniq: files({ maxOperands: 1 }),
  // `-o` writes the output to a file, `--compress-program` runs one
  sort: files({ unsafe: /^-[a-zA-Z]*o|^--output|^--compress-program/ }),
  // `-o` writes a file; `-R` writes an index file into every directory
  tree: files({ unsafe: /^-[a-zA-Z]*[oR]/ }),
  // `+cmd` and options (`-o log`, `-k keys`) could run commands or write files; only plain paging
  less: files({ options: NO_OPTIONS, unsafe: /^\+/ }),
  more: files({ options: NO_OPTIONS, unsafe: /^\+/ }),
  pwd: plain(),
  echo: plain(),
  true: plain(),
  false: plain(),
  test: plain(),
  '[': plain(),
  '[[': plain(),
  // they only end the script: never the subject of a question or a saved rule
  exit: plain({ maxOperands: 1 }),
  return: plain({ maxOperands: 1 }),
  whoami: plain(),
  id: plain(),
  uname: plain(),
  which: plain(),
  whereis: plain(),
  type: plain(),
  printenv: plain(),
  seq: plain(),
  sleep: plain(),
  nproc: plain(),
  arch: plain(),
  groups: plain(),
  basename: plain(),
  dirname: plain(),
  // `printf -v PATH …` would set a shell variable for the rest of the line
  printf: plain({ unsafe: /^-v/ }),
  date: plain({ unsafe: /^-[a-zA-Z]*s|^--set/ }),
  hostname: plain({ maxOperands: 0 }),
  // bare `env` lists the environment; `env -S "…"` runs a command line
  env: plain({ options: /^(?:-0|--null)$/, maxOperands: 0 }),
  // `command -v NAME` only looks NAME up (`command ls` was seen through as `ls`)
  command: plain({ options: /^-[vV]$/ }),
  grep: { operands: 'pattern-then-files', options: 'any' },
  egrep: { operands: 'pattern-then-files', options: 'any' },
  fgrep: { operands: 'pattern-then-files', options: 'any' },
  // `--pre` runs a program on every file searched
  rg: { operands: 'pattern-then-files', options: 'any', unsafe: /^--pre(?:=|$)/ },
  jq: { operands: 'pattern-then-files', options: 'any' },
};

/** Variables that only change how output looks, with values that name no file. */
const HARMLESS_ASSIGNMENT = /^(?:LC_[A-Z]+|LANG|LANGUAGE|NO_COLOR|FORCE_COLOR|CLICOLOR|COLUMNS|LINES|TERM)=[A-Za-z0-9_.@:-]*$/;

const WRITE_REDIRECTS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);
/** find's actions that run a program, delete, or write a file */
const FIND_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls']);

/**
 * git's global options that are harmless. `-c`, `--config-env` and `--exec-path` set what git runs;
 * `--git-dir`/`--work-tree` point it at a repository whose config (`core.fsmonitor`, `core.pager`)
 * could be anyone's.
 */
const GIT_GLOBAL_SAFE = new Set([
  '--no-pager',
  '-P',
  '--no-optional-locks',
  '--literal-pathspecs',
  '--no-replace-objects',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
]);
/** Options of any read-only git subcommand that write a file, run a program, or read outside the repository. */
const GIT_UNSAFE = /^(?:--output|--ext-diff|--textconv|--no-index|--exec|--upload-pack|--receive-pack|--filters|--contents|--open-files-in-pager)/;
/** git subcommands that only look, each with its own options that do not. */
const GIT_READ: Record<string, RegExp | undefined> = {
  status: undefined,
  diff: undefined,
  log: undefined,
  show: undefined,
  blame: undefined,
  'ls-files': undefined,
  'ls-tree': undefined,
  'rev-parse': undefined,
  describe: undefined,
  shortlog: undefined,
  'cat-file': undefined,
  'show-ref': undefined,
  'merge-base': undefined,
  'rev-list': undefined,
  whatchanged: undefined,
  // `-O<program>` opens the matching files in that program
  grep: /^-[a-zA-Z]*O/,
};
const GIT_BRANCH_WRITES = /^(?:-[dDmMcCuf]|--delete|--move|--copy|--force|--set-upstream-to.*|--unset-upstream|--edit-description)$/;

const operandsOf = (words: string[]) => words.slice(1).filter((w) => !w.startsWith('-') || w === '-');
const optionsOf = (words: string[]) => words.slice(1).filter((w) => w.startsWith('-') && w !== '-' && w !== '--');

function gitSubcommandReadOnly(sub: string | undefined, rest: string[]): boolean {
  if (sub === undefined) return true;
  if (rest.some((w) => GIT_UNSAFE.test(w))) return false;
  if (sub in GIT_READ) {
    const own = GIT_READ[sub];
    return !own || !rest.some((w) => own.test(w));
  }
  switch (sub) {
    case 'branch':
      return !rest.some((w) => GIT_BRANCH_WRITES.test(w)) && (rest.every((w) => w.startsWith('-')) || rest.includes('--list') || rest.includes('-l'));
    case 'tag':
      return rest.length === 0 || rest[0] === '-l' || rest[0] === '--list' || /^-n\d*$/.test(rest[0]);
    case 'remote':
      return rest.length === 0 || rest[0] === '-v' || rest[0] === 'get-url';
    case 'stash':
      return rest[0] === 'list' || rest[0] === 'show';
    case 'reflog':
      return rest.length === 0 || rest[0] === 'show' || (rest[0].startsWith('-') && !rest.includes('expire') && !rest.includes('delete'));
    case 'config':
      // `--edit` opens an editor; setting options needs no flag at all, so a read names one
      return (
        rest.some((w) => /^(?:--get|--get-all|--get-regexp|--list|-l)$/.test(w)) &&
        !rest.some((w) => /^(?:-e|--edit|--add|--unset.*|--replace-all|--rename-section|--remove-section)$/.test(w))
      );
    default:
      return false;
  }
}

function gitReadOnly(words: string[]): boolean {
  let i = 1;
  while (i < words.length && words[i].startsWith('-')) {
    const w = words[i];
    if (w === '-C') i += 2;
    else if (GIT_GLOBAL_SAFE.has(w)) i++;
    else return false;
  }
  return gitSubcommandReadOnly(words[i], words.slice(i + 1));
}

function findVerdict(words: string[]): ReadOnlyVerdict {
  const exprStart = words.findIndex((w, i) => i > 0 && (w.startsWith('-') || w === '(' || w === '!'));
  const paths = words.slice(1, exprStart < 0 ? undefined : exprStart);
  return { readOnly: !words.some((w) => FIND_ACTIONS.has(w)), paths: paths.length > 0 ? paths : ['.'] };
}

function specVerdict(spec: Spec, words: string[]): ReadOnlyVerdict {
  const no: ReadOnlyVerdict = { readOnly: false, paths: [] };
  const options = optionsOf(words);
  if (spec.options !== 'any' && !options.every((w) => (spec.options as RegExp).test(w))) return no;
  if (spec.unsafe && words.slice(1).some((w) => spec.unsafe!.test(w))) return no;
  const ops = operandsOf(words);
  if (spec.maxOperands !== undefined && ops.length > spec.maxOperands) return no;
  if (spec.operands === 'none') return { readOnly: true, paths: [] };
  if (spec.operands === 'files') return { readOnly: true, paths: ops };
  // with -e/-f the pattern is an option's value, so every operand is a file
  const patternAsOption = words[0] !== 'jq' && options.some((w) => /^(?:-e|-f|--regexp|--file)/.test(w));
  return { readOnly: true, paths: ops.slice(patternAsOption ? 0 : 1) };
}

/** An assignment such as `GIT_CONFIG_COUNT=1` or `LD_PRELOAD=…` may change what the command runs. */
export function setsRiskyVariables(cmd: JudgedCommand): boolean {
  return !cmd.assignments.every((a) => HARMLESS_ASSIGNMENT.test(a));
}

export function classify(cmd: JudgedCommand): ReadOnlyVerdict {
  const inputs = cmd.redirects.filter((r) => r.op === '<').map((r) => r.target);
  const writes = cmd.redirects.some((r) => (WRITE_REDIRECTS.has(r.op) || (r.op === '>&' && !/^(?:\d+|-)$/.test(r.target))) && r.target !== '/dev/null');
  // `xargs` runs a command on words nobody has seen; an assignment can change what any command runs
  const unknowable = cmd.wrappers.includes('xargs') || setsRiskyVariables(cmd);
  if (writes || cmd.elevated || unknowable) return { readOnly: false, paths: inputs };
  if (cmd.words.length === 0) return { readOnly: true, paths: inputs };
  const name = commandName(cmd.words[0]);
  let verdict: ReadOnlyVerdict;
  if (name === 'git') verdict = { readOnly: gitReadOnly(cmd.words), paths: [] };
  else if (name === 'find') verdict = findVerdict(cmd.words);
  else if (Object.hasOwn(COMMANDS, name)) verdict = specVerdict(COMMANDS[name], [name, ...cmd.words.slice(1)]);
  else verdict = { readOnly: false, paths: [] };
  const recursive = verdict.readOnly && readsFolders(name, cmd.words);
  const paths = recursive && verdict.paths.length === 0 && name !== 'diff' ? ['.'] : verdict.paths;
  return { readOnly: verdict.readOnly, paths: [...paths, ...optionPaths(cmd.words), ...inputs], ...(recursive ? { recursive } : {}) };
}

/**
 * Whether a whole command line only looks: every command in it read-only, nothing the parser could
 * not follow, no control character. Such lines of one message may run side by side.
 */
export function lineIsReadOnly(line: string): boolean {
  if (controlCharacter(line) !== undefined) return false;
  const judged = judgeCommandLine(line);
  return !judged.problem && judged.commands.length > 0 && judged.commands.every((cmd) => classify(cmd).readOnly);
}
