// The read-only commands whose operands are files they read, each with every option its manual
// lists (GNU coreutils 9, diffutils 3.8, util-linux 2.38, binutils 2.40, file 5.44, tree 2):
// see option-parse.ts for how an entry reads. An option missing here makes the command a question.
import { type CommandSpec, files } from './command-spec.js';
import { gave } from './option-parse.js';

/** `head -5`, `tail -20f`: the old count form, one word that takes no value of the next */
const OLD_COUNT = /^-\d+[a-zA-Z]*$/;
const SUMS = ['b binary', 'c check', 'tag', 't text', 'z zero', 'ignore-missing', 'quiet', 'status', 'strict', 'w warn'];

// biome-ignore format: the tables read as the manuals list the options
export const FILE_COMMANDS: Record<string, CommandSpec> = {
  cat: files(['A show-all', 'b number-nonblank', 'e', 'E show-ends', 'n number', 's squeeze-blank', 't', 'T show-tabs', 'u', 'v show-nonprinting']),
  head: files(['c bytes=', 'n lines=', 'q quiet silent', 'v verbose', 'z zero-terminated'], { numeric: OLD_COUNT }),
  tail: files([
    'c bytes=', 'f follow[=]', 'F', 'n lines=', 'max-unchanged-stats=', 'pid=', 'q quiet silent', 'retry', 's sleep-interval=', 'v verbose',
    'z zero-terminated',
  ], { numeric: OLD_COUNT }),
  // `--files0-from=F` reads every file F names
  wc: files(['c bytes', 'm chars', 'l lines', 'files0-from= lists', 'L max-line-length', 'w words', 'total=']),
  ls: files([
    'a all', 'A almost-all', 'author', 'b escape', 'block-size=', 'B ignore-backups', 'c', 'C', 'color[=]', 'd directory', 'D dired', 'f',
    'F classify[=]', 'file-type', 'format=', 'full-time', 'g', 'group-directories-first', 'G no-group', 'h human-readable', 'si',
    'H dereference-command-line', 'dereference-command-line-symlink-to-dir', 'hide=', 'hyperlink[=]', 'indicator-style=', 'i inode', 'I ignore=',
    'k kibibytes', 'l', 'L dereference', 'm', 'n numeric-uid-gid', 'N literal', 'o', 'p', 'q hide-control-chars', 'show-control-chars',
    'Q quote-name', 'quoting-style=', 'r reverse', 'R recursive', 's size', 'S', 'sort=', 'time=', 'time-style=', 't', 'T tabsize=', 'u', 'U', 'v',
    'w width=', 'x', 'X', 'Z context', 'zero', '1',
  ]),
  stat: files(['L dereference', 'f file-system', 'cached=', 'c format=', 'printf=', 't terse']),
  du: files([
    '0 null', 'a all', 'apparent-size', 'B block-size=', 'b bytes', 'c total', 'D dereference-args', 'd max-depth=', 'files0-from= lists', 'H',
    'h human-readable', 'inodes', 'k', 'L dereference', 'l count-links', 'm', 'P no-dereference', 'S separate-dirs', 'si', 's summarize',
    't threshold=', 'time[=]', 'time-style=', 'X exclude-from= reads', 'exclude=', 'x one-file-system',
  ]),
  nl: files([
    'b body-numbering=', 'd section-delimiter=', 'f footer-numbering=', 'h header-numbering=', 'i line-increment=', 'l join-blank-lines=',
    'n number-format=', 'p no-renumber', 's number-separator=', 'v starting-line-number=', 'w number-width=',
  ]),
  od: files([
    'A address-radix=', 'endian=', 'j skip-bytes=', 'N read-bytes=', 'S= strings[=]', 't format=', 'v output-duplicates', 'w[=] width[=]',
    'traditional', 'a', 'b', 'c', 'd', 'f', 'i', 'l', 'o', 's', 'x',
  ]),
  // a format file's text is printed
  hexdump: files([
    'b one-byte-octal', 'c one-byte-char', 'C canonical', 'd two-bytes-decimal', 'o two-bytes-octal', 'x two-bytes-hex', 'L[=] color[=]',
    'e format=', 'f format-file= reads', 'n length=', 's skip=', 'v no-squeezing', 'h', 'V',
  ]),
  // binutils reads more options from any `@FILE` word
  strings: files([
    'a all', 'd data', 'f print-file-name', 'n= bytes=', 't radix=', 'w include-all-whitespace', 'o', 'T target=', 'e encoding=', 'unicode=',
    'U=', 's output-separator=', 'h', 'v V',
  ], { numeric: /^-\d+$/, allows: (p) => ![...p.operands, ...p.given.flatMap((g) => g.values)].some((w) => w.startsWith('@')) }),
  md5sum: files(SUMS),
  sha1sum: files(SUMS),
  sha256sum: files(SUMS),
  sha512sum: files(SUMS),
  cksum: files([...SUMS, 'a algorithm=', 'l length=', 'base64', 'raw', 'untagged', 'debug']),
  tac: files(['b before', 'r regex', 's separator=']),
  rev: files(['0 zero', 'h', 'V']),
  column: files([
    't table', 'n table-name=', 'O table-order=', 'N table-columns=', 'l table-columns-limit=', 'E table-noextreme=', 'd table-noheadings',
    'e table-header-repeat', 'H table-hide=', 'R table-right=', 'T table-truncate=', 'W table-wrap=', 'L keep-empty-lines', 'J json',
    'r tree=', 'i tree-id=', 'p tree-parent=', 'c output-width=', 'o output-separator=', 's separator=', 'x fillrows', 'h', 'V',
  ]),
  cmp: files(['b print-bytes', 'i ignore-initial=', 'l verbose', 'n bytes=', 's quiet silent', 'v']),
  diff: files([
    'normal', 'q brief', 's report-identical-files', 'c', 'C= context[=]', 'u', 'U= unified[=]', 'e ed', 'n rcs', 'y side-by-side', 'W width=',
    'left-column', 'suppress-common-lines', 'p show-c-function', 'F show-function-line=', 'label=', 't expand-tabs', 'T initial-tab', 'tabsize=',
    'suppress-blank-empty', 'l paginate', 'r recursive', 'no-dereference', 'N new-file', 'unidirectional-new-file', 'ignore-file-name-case',
    'no-ignore-file-name-case', 'x exclude=', 'X exclude-from= reads', 'S starting-file=', 'from-file= reads', 'to-file= reads', 'i ignore-case',
    'E ignore-tab-expansion', 'Z ignore-trailing-space', 'b ignore-space-change', 'w ignore-all-space', 'B ignore-blank-lines',
    'I ignore-matching-lines=', 'a text', 'strip-trailing-cr', 'D ifdef=', 'old-group-format=', 'new-group-format=', 'unchanged-group-format=',
    'changed-group-format=', 'line-format=', 'old-line-format=', 'new-line-format=', 'unchanged-line-format=', 'd minimal', 'horizon-lines=',
    'speed-large-files', 'color[=]', 'palette=', 'v',
  ], { recursive: (p) => gave(p, 'r') }),
  realpath: files([
    'e canonicalize-existing', 'm canonicalize-missing', 'L logical', 'P physical', 'q quiet', 'relative-to=', 'relative-base=', 's strip no-symlinks',
    'z zero',
  ]),
  readlink: files(['f canonicalize', 'e canonicalize-existing', 'm canonicalize-missing', 'n no-newline', 'q quiet', 's silent', 'v verbose', 'z zero']),
  cut: files(['b bytes=', 'c characters=', 'd delimiter=', 'f fields=', 'n', 'complement', 's only-delimited', 'output-delimiter=', 'z zero-terminated']),
  // a builtin: its first operand ends its options
  cd: files(['L', 'P', 'e', '@'], { permute: false }),
  // `-C` compiles a magic file next to it; `-p` sets the files' times back; `-f` and `-m` name lists of files
  file: files([
    'v', 'm magic-file= lists', 'z uncompress', 'Z uncompress-noreport', 'b brief', 'c checking-printout', 'e exclude=', 'exclude-quiet=',
    'f files-from= lists', 'F separator=', 'i mime', 'apple', 'extension', 'mime-type', 'mime-encoding', 'k keep-going', 'l list', 'L dereference',
    'h no-dereference', 'n no-buffer', 'N no-pad', '0 print0', 'p preserve-date writes', 'P parameter=', 'r raw', 's special-files',
    'S no-sandbox', 'C compile writes', 'd debug', 'E',
  ]),
  // a second operand is a file it writes
  uniq: files([
    'c count', 'd repeated', 'D', 'all-repeated[=]', 'f skip-fields=', 'group[=]', 'i ignore-case', 's skip-chars=', 'u unique',
    'z zero-terminated', 'w check-chars=',
  ], { maxOperands: 1 }),
  sort: files([
    'b ignore-leading-blanks', 'd dictionary-order', 'f ignore-case', 'g general-numeric-sort', 'i ignore-nonprinting', 'M month-sort',
    'h human-numeric-sort', 'n numeric-sort', 'R random-sort', 'random-source= reads', 'r reverse', 'sort=', 'V version-sort', 'batch-size=',
    'c check[=]', 'C', 'compress-program= runs', 'debug', 'files0-from= lists', 'k key=', 'm merge', 'o output= writes', 's stable',
    'S buffer-size=', 't field-separator=', 'T temporary-directory= writes', 'parallel=', 'u unique', 'z zero-terminated',
  ]),
  // `-o` writes the listing; `-R` writes an index file into every folder; `--hintro`/`--houtro` print a file
  tree: files([
    'a', 'd', 'l', 'f', 'x', 'L=', 'R writes', 'P=', 'I=', 'gitignore', 'gitfile= reads', 'ignore-case', 'matchdirs', 'metafirst', 'prune', 'info',
    'infofile= reads', 'noreport', 'charset=', 'filelimit=', 'timefmt=', 'o= writes', 'q', 'N', 'Q', 'p', 'u', 'g', 's', 'h', 'si', 'du', 'D',
    'inodes', 'device', 'F', 'v', 't', 'c', 'U', 'r', 'dirsfirst', 'filesfirst', 'sort=', 'i', 'A', 'S', 'n', 'C', 'X', 'J', 'H=', 'T=',
    'nolinks', 'hintro= reads', 'houtro= reads', 'fromfile', 'fromtabfile', 'fflinks', 'condense',
  ]),
  // `+cmd` and most options (`-o log`, `-k keys`) run commands or write files: only plain paging
  less: files([], { allows: (p) => !p.operands.some((w) => w.startsWith('+')) }),
  more: files([], { allows: (p) => !p.operands.some((w) => w.startsWith('+')) }),
};
