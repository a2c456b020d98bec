// git's read-only subcommands, each with every option its manual lists (git 2.39 to 2.47); see
// option-parse.ts for how an entry reads. git's parse-options takes a prefix of a long option and
// `--no-NAME` for any of them, so every table here does. An option missing here makes it a question.
import type { CommandSpec } from './command-spec.js';
import { gave, optionTable, type Parsed } from './option-parse.js';

/** git's own options, before the subcommand: `-c`, `--config-env`, `--exec-path` set what it runs; `--git-dir`, `--work-tree`, `--bare` point it at a config that could be anyone's. */
// biome-ignore format: the table reads as the manual lists the options
export const GIT_GLOBAL = optionTable([
  'C= reads', 'c= runs', 'config-env= runs', 'exec-path[=] runs', 'html-path', 'man-path', 'info-path', 'p paginate runs', 'P no-pager',
  'no-replace-objects', 'no-lazy-fetch', 'no-optional-locks', 'no-advice', 'bare leaves', 'git-dir= leaves', 'work-tree= leaves', 'namespace=',
  'super-prefix= leaves', 'literal-pathspecs', 'glob-pathspecs', 'noglob-pathspecs', 'icase-pathspecs', 'list-cmds=', 'attr-source= leaves',
  'v version', 'h help runs',
]);

/** The diff options (diff, log, show, stash show): `--output` writes, `--ext-diff` and `--textconv` run a program, `-O` reads an order file. */
// biome-ignore format: the table reads as the manual lists the options
const DIFF = [
  'p u patch', 's no-patch', 'U= unified=', 'output= writes', 'output-indicator-new=', 'output-indicator-old=', 'output-indicator-context=',
  'raw', 'patch-with-raw', 't', 'indent-heuristic', 'no-indent-heuristic', 'minimal', 'patience', 'histogram', 'anchored=', 'diff-algorithm=',
  'stat[=]', 'stat-width=', 'stat-name-width=', 'stat-graph-width=', 'stat-count=', 'compact-summary', 'numstat', 'shortstat', 'X[=] dirstat[=]',
  'cumulative', 'dirstat-by-file[=]', 'summary', 'patch-with-stat', 'z', 'name-only', 'name-status', 'submodule[=]', 'color[=]', 'no-color',
  'color-moved[=]', 'no-color-moved', 'color-moved-ws=', 'no-color-moved-ws', 'word-diff[=]', 'word-diff-regex=', 'color-words[=]',
  'no-renames', 'renames', 'rename-empty', 'no-rename-empty', 'check', 'ws-error-highlight=', 'full-index', 'binary', 'abbrev[=]', 'no-abbrev',
  'B[=] break-rewrites[=]', 'M[=] find-renames[=]', 'C[=] find-copies[=]', 'find-copies-harder', 'D irreversible-delete', 'l=', 'diff-filter=',
  'S=', 'G=', 'find-object=', 'pickaxe-all', 'pickaxe-regex', 'O= reads', 'skip-to=', 'rotate-to=', 'R', 'relative[=]', 'no-relative',
  'a text', 'ignore-cr-at-eol', 'ignore-space-at-eol', 'b ignore-space-change', 'w ignore-all-space', 'ignore-blank-lines',
  'I= ignore-matching-lines=', 'inter-hunk-context=', 'W function-context', 'ext-diff runs', 'no-ext-diff', 'textconv runs', 'no-textconv',
  'ignore-submodules[=]', 'src-prefix=', 'dst-prefix=', 'no-prefix', 'default-prefix', 'line-prefix=', 'ita-invisible-in-index',
  'ita-visible-in-index', 'quiet', 'exit-code', 'diff-merges=', 'no-diff-merges', 'remerge-diff', 'combined-all-paths', 'cc', 'c', 'm', 'dd',
];

/** The revision and log options (log, show, rev-list, shortlog, reflog, stash list): `--show-signature` runs gpg. */
// biome-ignore format: the table reads as the manual lists the options
const REVISIONS = [
  'follow', 'decorate[=]', 'no-decorate', 'decorate-refs=', 'decorate-refs-exclude=', 'clear-decorations', 'source', 'mailmap', 'no-mailmap',
  'use-mailmap', 'no-use-mailmap', 'full-diff', 'log-size', 'L=', 'n max-count=', 'skip=', 'since= after=', 'since-as-filter=',
  'until= before=', 'max-age=', 'min-age=', 'author=', 'committer=', 'grep-reflog=', 'grep=', 'all-match', 'invert-grep',
  'i regexp-ignore-case', 'basic-regexp', 'E extended-regexp', 'F fixed-strings', 'P perl-regexp', 'remove-empty', 'merges', 'no-merges',
  'min-parents=', 'max-parents=', 'no-min-parents', 'no-max-parents', 'first-parent', 'exclude-first-parent-only', 'not', 'all', 'branches[=]',
  'tags[=]', 'remotes[=]', 'glob=', 'exclude=', 'exclude-hidden=', 'reflog', 'alternate-refs', 'single-worktree', 'ignore-missing', 'bisect',
  'stdin', 'cherry-mark', 'cherry-pick', 'left-only', 'right-only', 'cherry', 'g walk-reflogs', 'merge', 'boundary', 'simplify-by-decoration',
  'show-pulls', 'full-history', 'dense', 'sparse', 'simplify-merges', 'ancestry-path[=]', 'date-order', 'author-date-order', 'topo-order',
  'reverse', 'no-walk[=]', 'do-walk', 'pretty[=]', 'format=', 'abbrev-commit', 'no-abbrev-commit', 'oneline', 'encoding=', 'expand-tabs[=]',
  'no-expand-tabs', 'notes[=]', 'no-notes', 'show-notes[=]', 'standard-notes', 'no-standard-notes', 'show-signature runs', 'relative-date',
  'date=', 'parents', 'children', 'left-right', 'graph', 'show-linear-break[=]', 'count', 'objects', 'objects-edge', 'objects-edge-aggressive',
  'no-object-names', 'object-names', 'in-commit-order', 'unpacked', 'disk-usage[=]', 'filter=', 'no-filter', 'filter-print-omitted',
  'missing=', 'exclude-promisor-objects', 'header', 'timestamp', 'bisect-vars', 'bisect-all', 'progress=', 'max-count=', 'no-max-count',
];

// biome-ignore format: the table reads as the manual lists the options
const STATUS = [
  's short', 'b branch', 'show-stash', 'porcelain[=]', 'long', 'v verbose', 'u[=] untracked-files[=]', 'ignore-submodules[=]', 'ignored[=]',
  'z null', 'column[=]', 'no-column', 'ahead-behind', 'no-ahead-behind', 'renames', 'no-renames', 'find-renames[=]',
];

// biome-ignore format: the table reads as the manual lists the options
const GREP = [
  'cached', 'no-index leaves', 'untracked', 'no-exclude-standard', 'exclude-standard', 'recurse-submodules', 'a text', 'textconv runs',
  'no-textconv', 'i ignore-case', 'I', 'max-depth=', 'r recursive', 'no-recursive', 'w word-regexp', 'v invert-match', 'h', 'H', 'full-name',
  'E extended-regexp', 'G basic-regexp', 'P perl-regexp', 'F fixed-strings', 'n line-number', 'column', 'l files-with-matches name-only',
  'L files-without-match', 'O[=] open-files-in-pager[=] runs', 'z null', 'o only-matching', 'c count', 'color[=]', 'no-color', 'break',
  'heading', 'p show-function', 'C= context=', 'A= after-context=', 'B= before-context=', 'W function-context', 'm= max-count=', 'threads=',
  'f= reads', 'e=', 'and', 'or', 'not', 'all-match', 'q quiet',
];

// biome-ignore format: the table reads as the manual lists the options
const BLAME = [
  'incremental', 'b', 'root', 'show-stats', 'score-debug', 'f show-name', 'n show-number', 'p porcelain', 'line-porcelain', 'c', 't', 'l', 's',
  'e show-email', 'w', 'M[=]', 'C[=]', 'L=', 'S= reads', 'reverse=', 'first-parent', 'contents= reads', 'date=', 'progress', 'encoding=',
  'ignore-rev=', 'ignore-revs-file= reads', 'color-lines', 'color-by-age', 'minimal', 'abbrev=', 'since= after=', 'until= before=',
];

// biome-ignore format: the table reads as the manual lists the options
const LS_FILES = [
  'c cached', 'd deleted', 'm modified', 'o others', 'i ignored', 's stage', 'directory', 'no-empty-directory', 'u unmerged', 'k killed', 'z',
  'deduplicate', 'x exclude=', 'X exclude-from= reads', 'exclude-per-directory=', 'exclude-standard', 'error-unmatch', 'with-tree=', 't', 'v',
  'f', 'full-name', 'recurse-submodules', 'abbrev[=]', 'debug', 'eol', 'sparse', 'format=',
];

// biome-ignore format: the table reads as the manual lists the options
const REV_PARSE = [
  'parseopt', 'sq-quote', 'keep-dashdash', 'stop-at-non-option', 'stuck-long', 'revs-only', 'no-revs', 'flags', 'no-flags', 'default=',
  'prefix=', 'verify', 'q quiet', 'sq', 'short[=]', 'not', 'abbrev-ref[=]', 'symbolic', 'symbolic-full-name', 'all', 'branches[=]', 'tags[=]',
  'remotes[=]', 'glob=', 'exclude=', 'exclude-hidden=', 'disambiguate=', 'local-env-vars', 'path-format=', 'git-dir', 'git-common-dir',
  'resolve-git-dir=', 'git-path=', 'show-toplevel', 'show-superproject-working-tree', 'shared-index-path', 'absolute-git-dir',
  'is-inside-git-dir', 'is-inside-work-tree', 'is-bare-repository', 'is-shallow-repository', 'show-cdup', 'show-prefix',
  'show-object-format[=]', 'since= after=', 'until= before=', 'show-ref-format',
];

// biome-ignore format: the table reads as the manual lists the options
const CAT_FILE = [
  't', 's', 'e', 'p', 'mailmap', 'no-mailmap', 'use-mailmap', 'no-use-mailmap', 'textconv runs', 'filters runs', 'path=', 'batch[=]',
  'batch-check[=]', 'batch-command[=]', 'batch-all-objects', 'buffer', 'unordered', 'allow-unknown-type', 'follow-symlinks', 'z', 'Z',
];

// biome-ignore format: the table reads as the manual lists the options
const BRANCH = [
  'd delete writes', 'D writes', 'create-reflog writes', 'f force writes', 'm move writes', 'M writes', 'c copy writes', 'C writes',
  'color[=]', 'no-color', 'i ignore-case', 'column[=]', 'no-column', 'r remotes', 'a all', 'l list', 'show-current', 'v verbose', 'q quiet',
  'abbrev=', 'no-abbrev', 't track[=] writes', 'no-track writes', 'recurse-submodules writes', 'set-upstream writes',
  'u set-upstream-to= writes', 'unset-upstream writes', 'edit-description writes', 'contains=', 'no-contains=', 'merged=', 'no-merged=',
  'sort=', 'points-at=', 'format=', 'omit-empty',
];

// biome-ignore format: the table reads as the manual lists the options
const TAG = [
  'a annotate writes', 's sign writes', 'no-sign', 'u local-user= writes', 'f force writes', 'd delete writes', 'v verify runs', 'n[=]',
  'l list', 'sort=', 'color[=]', 'i ignore-case', 'column[=]', 'no-column', 'contains=', 'no-contains=', 'merged=', 'no-merged=',
  'points-at=', 'm message= writes', 'F file= writes', 'e edit writes', 'cleanup= writes', 'create-reflog writes', 'format=', 'omit-empty',
  'trailer= writes',
];

/** Setting a value needs no option at all, so a read names one (or is the `list`/`get` subcommand). */
// biome-ignore format: the table reads as the manual lists the options
const CONFIG = [
  'replace-all writes', 'add writes', 'get', 'get-all', 'get-regexp', 'get-urlmatch', 'global', 'system', 'local', 'worktree', 'f file= reads',
  'blob=', 'remove-section writes', 'rename-section writes', 'unset writes', 'unset-all writes', 'l list', 'fixed-value', 'type=', 'bool', 'int',
  'bool-or-int', 'path', 'expiry-date', 'no-type', 'z null', 'name-only', 'show-origin', 'show-scope', 'get-colorbool', 'get-color',
  'e edit runs', 'includes', 'no-includes', 'default=', 'comment= writes', 'all', 'regexp', 'value=', 'url=',
];

const spec = (entries: readonly string[], extra: Partial<CommandSpec> = {}): CommandSpec => ({
  operands: 'none',
  options: optionTable(entries, { negatable: true }),
  ...extra,
});

const ONE_NUMBER = /^-\d+$/;
const log = spec([...DIFF, ...REVISIONS], { numeric: ONE_NUMBER });
/** branch and tag list only when told to (or, for tag, given nothing): with a name they create one. */
const listing = (names: string[]) => (p: Parsed) => p.operands.length === 0 || gave(p, ...names);

/** The subcommands that only look, each with its options; `remote`, `stash` and `reflog` have their own subcommands (read-only-git.ts). */
export const GIT_SUBCOMMANDS: Record<string, CommandSpec> = {
  status: spec(STATUS),
  diff: spec([...DIFF, 'cached', 'staged', 'merge-base', 'no-index leaves', '0', '1', '2', '3', 'base', 'ours', 'theirs']),
  log,
  show: log,
  whatchanged: log,
  'rev-list': log,
  shortlog: spec([...REVISIONS, 'n numbered', 's summary', 'e email', 'c committer', 'w[=]', 'group=', 'format[=]'], { numeric: ONE_NUMBER }),
  blame: spec(BLAME),
  grep: spec(GREP, { numeric: ONE_NUMBER }),
  'ls-files': spec(LS_FILES),
  // biome-ignore format: a table
  'ls-tree': spec(['d', 'r', 't', 'l long', 'z', 'name-only', 'name-status', 'object-only', 'abbrev[=]', 'full-name', 'full-tree', 'format=']),
  'rev-parse': spec(REV_PARSE),
  // biome-ignore format: a table
  describe: spec(['dirty[=]', 'broken[=]', 'all', 'tags', 'contains', 'abbrev=', 'candidates=', 'exact-match', 'debug', 'long', 'match=', 'exclude=', 'always', 'first-parent']),
  'cat-file': spec(CAT_FILE),
  // biome-ignore format: a table
  'show-ref': spec(['head', 'heads', 'branches', 'tags', 'd dereference', 's hash[=]', 'verify', 'exists', 'abbrev[=]', 'q quiet', 'exclude-existing[=]']),
  'merge-base': spec(['a all', 'octopus', 'independent', 'is-ancestor', 'fork-point']),
  branch: spec(BRANCH, { allows: listing(['l']) }),
  tag: spec(TAG, { allows: listing(['l', 'n', 'contains', 'no-contains', 'merged', 'no-merged', 'points-at']) }),
  config: spec(CONFIG, {
    allows: (p) => gave(p, 'get', 'get-all', 'get-regexp', 'get-urlmatch', 'get-colorbool', 'get-color', 'l') || ['list', 'get'].includes(p.operands[0]!),
  }),
  version: spec(['build-options']),
};

/** `git stash list` takes log's options, `git stash show` diff's. */
export const STASH_LIST = log;
export const STASH_SHOW = spec([...DIFF, 'u include-untracked', 'no-include-untracked', 'only-untracked']);
export const REMOTE = optionTable(['v verbose'], { negatable: true });
export const REMOTE_GET_URL = spec(['push', 'all']);
