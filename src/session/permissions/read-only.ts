// Which commands only look: they run without a question in the `ask` and `auto-edit` modes. The list
// is deliberately plain; anything not on it (or used with an option that writes or runs other
// programs) is judged as a command that may change things.
import type { JudgedCommand } from './shell-unwrap.js';
import { commandName } from './shell-unwrap.js';

export interface ReadOnlyVerdict {
  readOnly: boolean;
  /** the words that name files the command reads, for the secret-file and workspace checks */
  paths: string[];
}

/** Every operand is a file the command reads. */
const READS_OPERANDS = new Set([
  'cat', 'head', 'tail', 'wc', 'ls', 'tree', 'file', 'stat', 'du', 'nl', 'od', 'hexdump', 'strings', 'md5sum',
  'sha1sum', 'sha256sum', 'sha512sum', 'cksum', 'tac', 'rev', 'less', 'more', 'column', 'cmp', 'diff', 'realpath',
  'readlink', 'cut', 'uniq', 'sort', 'cd',
]);
/** Commands that touch no file (or only name them). */
const NO_FILES = new Set([
  'pwd', 'echo', 'printf', 'true', 'false', 'test', '[', '[[', 'whoami', 'id', 'uname', 'date', 'hostname', 'which',
  'whereis', 'type', 'printenv', 'env', 'seq', 'sleep', 'nproc', 'arch', 'groups', 'command', 'basename', 'dirname',
]);
/** The first operand is a pattern or program, the rest are files. */
const PATTERN_FIRST = new Set(['grep', 'egrep', 'fgrep', 'rg', 'jq']);
/** Options that make an otherwise read-only command write a file or run another program. */
const UNSAFE_OPTIONS: Record<string, RegExp> = {
  sort: /^(?:-o|--output)/,
  tree: /^-o$/,
  date: /^(?:-s|--set)/,
  rg: /^--pre(?:=|$)/,
};
const WRITE_REDIRECTS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);
const FIND_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls']);

const GIT_READ = new Set([
  'status', 'diff', 'log', 'show', 'blame', 'ls-files', 'ls-tree', 'rev-parse', 'describe', 'shortlog', 'grep',
  'cat-file', 'show-ref', 'merge-base', 'rev-list', 'whatchanged',
]);
const GIT_BRANCH_WRITES = /^(?:-[dDmMcCuf]|--delete|--move|--copy|--force|--set-upstream-to.*|--unset-upstream|--edit-description)$/;

const operands = (words: string[]) => words.slice(1).filter((w) => !w.startsWith('-') || w === '-');

function gitReadOnly(words: string[]): boolean {
  let i = 1;
  // global options: `-c key=value` could set a pager or alias to any program, so it never counts
  while (i < words.length && words[i].startsWith('-')) {
    const w = words[i];
    if (w === '-c' || w.startsWith('--exec-path') || w.startsWith('--config-env')) return false;
    i += w === '-C' || w === '--git-dir' || w === '--work-tree' || w === '--namespace' ? 2 : 1;
  }
  const sub = words[i];
  const rest = words.slice(i + 1);
  if (sub === undefined) return true;
  if (GIT_READ.has(sub)) return !rest.some((w) => w.startsWith('--output') || w === '--ext-diff' || w === '--textconv');
  switch (sub) {
    case 'branch':
      return !rest.some((w) => GIT_BRANCH_WRITES.test(w)) && (rest.every((w) => w.startsWith('-')) || rest.includes('--list') || rest.includes('-l'));
    case 'tag':
      return rest.length === 0 || rest[0] === '-l' || rest[0] === '--list' || /^-n\d*$/.test(rest[0]);
    case 'remote':
      return rest.length === 0 || rest[0] === '-v' || rest[0] === 'show' || rest[0] === 'get-url';
    case 'stash':
      return rest[0] === 'list' || rest[0] === 'show';
    case 'reflog':
      return rest.length === 0 || rest[0] === 'show' || rest[0].startsWith('-');
    case 'config':
      return rest.some((w) => /^(?:--get|--get-all|--get-regexp|--list|-l)$/.test(w));
    default:
      return false;
  }
}

function findVerdict(words: string[]): ReadOnlyVerdict {
  const exprStart = words.findIndex((w, i) => i > 0 && (w.startsWith('-') || w === '(' || w === '!'));
  const paths = words.slice(1, exprStart < 0 ? undefined : exprStart);
  return { readOnly: !words.some((w) => FIND_ACTIONS.has(w)), paths: paths.length > 0 ? paths : ['.'] };
}

function operandVerdict(name: string, words: string[]): ReadOnlyVerdict {
  const unsafe = UNSAFE_OPTIONS[name];
  if (unsafe && words.some((w) => unsafe.test(w))) return { readOnly: false, paths: [] };
  const ops = operands(words);
  if (NO_FILES.has(name)) return { readOnly: !(name === 'hostname' && ops.length > 0), paths: [] };
  if (name === 'uniq' && ops.length > 1) return { readOnly: false, paths: [] }; // `uniq in out` writes out
  if (PATTERN_FIRST.has(name)) {
    // with -e/-f the pattern is an option's value, so every operand is a file
    const patternAsOption = name !== 'jq' && words.some((w) => /^(?:-e|-f|--regexp|--file)/.test(w));
    return { readOnly: true, paths: ops.slice(patternAsOption ? 0 : 1) };
  }
  return { readOnly: true, paths: ops };
}

export function classify(cmd: JudgedCommand): ReadOnlyVerdict {
  const inputs = cmd.redirects.filter((r) => r.op === '<').map((r) => r.target);
  const writes = cmd.redirects.some((r) => (WRITE_REDIRECTS.has(r.op) || (r.op === '>&' && !/^(?:\d+|-)$/.test(r.target))) && r.target !== '/dev/null');
  if (writes || cmd.elevated) return { readOnly: false, paths: inputs };
  if (cmd.words.length === 0) return { readOnly: true, paths: inputs };
  const name = commandName(cmd.words[0]);
  let verdict: ReadOnlyVerdict;
  if (name === 'git') verdict = { readOnly: gitReadOnly(cmd.words), paths: [] };
  else if (name === 'find') verdict = findVerdict(cmd.words);
  else if (READS_OPERANDS.has(name) || NO_FILES.has(name) || PATTERN_FIRST.has(name)) verdict = operandVerdict(name, cmd.words);
  else verdict = { readOnly: false, paths: [] };
  return { readOnly: verdict.readOnly, paths: [...verdict.paths, ...inputs] };
}
