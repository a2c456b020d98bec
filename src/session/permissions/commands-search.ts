// The read-only commands that take a pattern (or a program) then files: grep (GNU 3.8), ripgrep
// (13 and 14) and jq (1.6 and 1.7), each with every option its manual lists; see option-parse.ts
// for how an entry reads. An option missing here makes the command a question.
import { type CommandSpec, files } from './command-spec.js';
import { gave } from './option-parse.js';

const DIGITS = '0123456789'.split('');

// biome-ignore format: the table reads as the manual lists the options
const GREP: CommandSpec = files([
  'E extended-regexp', 'F fixed-strings', 'G basic-regexp', 'P perl-regexp', 'e regexp=', 'f file= reads', 'i y ignore-case', 'no-ignore-case',
  'w word-regexp', 'x line-regexp', 'z null-data', 's no-messages', 'v invert-match', 'V', 'm max-count=', 'b byte-offset', 'n line-number',
  'line-buffered', 'H with-filename', 'h no-filename', 'label=', 'o only-matching', 'q quiet silent', 'binary-files=', 'a text', 'I',
  'd directories=', 'D devices=', 'r recursive', 'R dereference-recursive', 'include=', 'exclude=', 'exclude-from= reads', 'exclude-dir=',
  'L files-without-match', 'l files-with-matches', 'c count', 'T initial-tab', 'Z null', 'B before-context=', 'A after-context=',
  'C context=', 'group-separator=', 'no-group-separator', 'color[=]', 'colour[=]', 'U binary', ...DIGITS,
], {
  operands: 'pattern-then-files',
  patternOptions: ['e', 'f'],
  // `-d recurse`; grep takes any unambiguous prefix of the action too
  recursive: (p) => gave(p, 'r', 'R') || p.given.some((g) => g.option.name === 'd' && g.values[0] !== 'read' && g.values[0] !== 'skip'),
});

/** ripgrep's switches that only turn another off, or back on (`--no-hidden`, `--sort-files`). */
// biome-ignore format: a list of names
const RG_TOGGLES = [
  'no-auto-hybrid-regex', 'no-binary', 'no-block-buffered', 'no-byte-offset', 'no-column', 'no-context-separator', 'no-crlf', 'no-encoding',
  'no-fixed-strings', 'no-follow', 'no-glob-case-insensitive', 'no-hidden', 'no-ignore-file-case-insensitive', 'no-include-zero', 'no-invert-match',
  'no-json', 'no-line-buffered', 'no-max-columns-preview', 'no-multiline', 'no-multiline-dotall', 'no-one-file-system', 'no-pcre2', 'no-pre',
  'no-search-zip', 'no-sort-files', 'no-stats', 'no-text', 'no-trim', 'no-unicode', 'no-pcre2-unicode', 'no-mmap', 'no-heading', 'no-messages',
  'no-ignore', 'no-ignore-dot', 'no-ignore-exclude', 'no-ignore-files', 'no-ignore-global', 'no-ignore-messages', 'no-ignore-parent',
  'no-ignore-vcs', 'no-require-git', 'no-config', 'sort-files', 'unicode', 'pcre2-unicode', 'mmap', 'require-git', 'ignore', 'ignore-dot',
  'ignore-exclude', 'ignore-files', 'ignore-global', 'ignore-messages', 'ignore-parent', 'ignore-vcs', 'messages',
];

// `--pre` runs a program on every file searched, `--hostname-bin` one for links
// biome-ignore format: the table reads as the manual lists the options
const RG: CommandSpec = files([
  'A after-context=', 'auto-hybrid-regex', 'B before-context=', 'binary', 'block-buffered', 'b byte-offset', 's case-sensitive', 'color=',
  'colors=', 'column', 'C context=', 'context-separator=', 'c count', 'count-matches', 'crlf', 'debug', 'trace', 'dfa-size-limit=',
  'E encoding=', 'engine=', 'field-context-separator=', 'field-match-separator=', 'f file= reads', 'files', 'l files-with-matches',
  'files-without-match', 'F fixed-strings', 'L follow', 'g glob=', 'glob-case-insensitive', 'h', 'heading', '. hidden', 'iglob=',
  'i ignore-case', 'ignore-file= reads', 'ignore-file-case-insensitive', 'include-zero', 'v invert-match', 'json', 'line-buffered',
  'n line-number', 'x line-regexp', 'M max-columns=', 'max-columns-preview', 'm max-count=', 'd max-depth=', 'max-filesize=',
  'U multiline', 'multiline-dotall', 'I no-filename', 'N no-line-number', '0 null', 'null-data', 'one-file-system', 'o only-matching', 'passthru',
  'passthrough', 'path-separator=', 'P pcre2', 'pcre2-version', 'pre= runs', 'pre-glob=', 'p pretty', 'q quiet', 'regex-size-limit=',
  'e regexp=', 'r replace=', 'z search-zip', 'S smart-case', 'sort=', 'sortr=', 'stats', 'a text', 'j threads=', 'trim', 't type=',
  'type-add=', 'type-clear=', 'type-list', 'T type-not=', 'u unrestricted', 'V', 'vimgrep', 'H with-filename', 'w word-regexp',
  'hostname-bin= runs', 'hyperlink-format=', 'generate=', 'stop-on-nonmatch', ...RG_TOGGLES,
], {
  operands: 'pattern-then-files',
  // `--files` lists the files it would search: it takes no pattern
  patternOptions: ['e', 'f', 'files'],
  // it searches `.` and everything under it, unless it only lists names
  recursive: (p) => !gave(p, 'files', 'type-list'),
});

// `-f` makes the program a file too; `--rawfile`, `--slurpfile`, `-L` read the files they name
// biome-ignore format: the table reads as the manual lists the options
const JQ: CommandSpec = files([
  'seq', 'stream', 'stream-errors', 's slurp', 'R raw-input', 'n null-input', 'c compact-output', 'tab', 'indent=', 'C color-output',
  'M monochrome-output', 'a ascii-output', 'unbuffered', 'S sort-keys', 'r raw-output', 'raw-output0', 'j join-output', 'f from-file',
  'L= library-path= reads', 'e exit-status', 'arg==', 'argjson==', 'slurpfile== reads', 'rawfile== reads', 'argfile== reads', 'args',
  'jsonargs', 'h', 'V', 'build-configuration',
], { operands: 'pattern-then-files', patternOptions: ['f'] });

export const SEARCH_COMMANDS: Record<string, CommandSpec> = {
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
  rg: RG,
  jq: JQ,
};
