// The read-only judge reads options as the programs do: getopt_long and git's parse-options take
// any unambiguous prefix of a long option (`sort --o=x` is `--output=x`), a value in the same word
// or the next, short flags run together (`-mo x`), `--` ends them; git's subcommand comes after its
// own options. Most rows here got through without a question before; an option the judge does not
// know asks. A word the shell fills in (`$(…)`, a variable, `~user`) may be any path and any option.
import { describe, expect, it } from 'vitest';
import { SessionGrants, decide, parseRules } from '../../src/session/permissions/index.js';
import { lineIsReadOnly } from '../../src/session/permissions/read-only.js';

const HOME = '/home/u';
const CWD = '/home/u/proj';

const decision = (command: string, mode: 'ask' | 'auto-edit' = 'ask') =>
  decide('bash', { command }, { mode, rules: parseRules({}, HOME), grants: new SessionGrants(), cwd: CWD, home: HOME }).kind;

// biome-ignore format: a list of commands, grouped by the way they got through
const ASKS = [
  // a prefix of a long option is the option
  'sort --o=x a',
  'sort --ou x a',
  'sort --outp=README.md README.md',
  'sort --compress=evil a',
  'sort --compress-prog=evil a',
  'date --se=2020-01-01',
  'rg --pr=cat foo',
  'rg --pr cat foo',
  'git grep --open="touch X;" -e demo',
  'git grep --op=touch demo',
  'git grep --open-files-in-pager=touch demo',
  'git log --out=x',
  'git diff --ext',
  'git diff --textc',
  'git blame --cont /home/u/.ssh/id_rsa f',
  'git blame --cont ~/.ssh/id_rsa f',
  'git blame --contents=/home/u/.aws/credentials f',
  // a prefix several options share, one of them unsafe
  'grep --fi=/home/u/.aws/credentials a',
  // short flags run together, a value in the same word
  'sort -o x',
  'sort -mo x a',
  'sort -rno x a',
  'sort -ox a',
  'tree -fo x',
  'tree -fio x',
  'grep -rf /home/u/.ssh/id_rsa a',
  'grep -f/home/u/.ssh/id_rsa a',
  // git's options before the subcommand, and the subcommand's after its own options
  'git -c core.pager=x log',
  'git remote -v add x y',
  'git --no-pager remote -v add x y',
  'git remote --verbose add x y',
  'git remote -v remove origin',
  'git --no-pager -C . log --output=x',
  'git -C /home/u show HEAD:.aws/credentials',
  'git tag v1',
  'git tag -d v1',
  'git branch newb',
  'git branch -m a b',
  'git config user.name x',
  'git config -f /home/u/.aws/credentials --list',
  'git stash drop',
  // options that read a list of files, or a file of their own
  'sort --files0-from=list',
  'sort --files0=list',
  'du --files0-from=list',
  'wc --files0-from=list',
  'date -f /home/u/.aws/credentials',
  'jq -n --rawfile k /home/u/.aws/credentials .',
  'hexdump -f /home/u/.ssh/id_rsa a',
  'strings @/home/u/.aws/credentials',
  'file -f list',
  // an option it does not know
  'cat --frobnicate a',
  'ls --frobnicate',
  'grep --frobnicate x a',
  'git log --frobnicate',
  'find . -fprin x',
  'find . -frobnicate',
  // date with an operand sets the clock
  'date 010112002020',
  // brace expansion makes options
  'sort {-o,x} y',
  // a word the shell fills in may be any option, or any path
  'sort $(echo -o) x a',
  'sort $X a',
  "sort $'-o' x a",
  "sort $'\\055o' x a",
  'cat ~/.aw$(echo s)/credentials',
  'cat ~/.aw`echo s`/credentials',
  'cat src/$(echo ../../.aws)/credentials',
  'cat ~u/.aws/credentials',
  'for f in ~/.aws/*; do cat "$f"; done',
  'cd ~u && cat .aws/credentials',
  'head -n 5 $F',
  'grep "$P" a',
  // a pattern at the start of a word may match a file named like an option
  'sort *',
  'rg foo *',
];

// biome-ignore format: a list of commands
const RUNS = [
  'sort -- -o x',
  'cat -- --frobnicate',
  'sort -t, -k2,2n a',
  'sort --rev a',
  'head -5 a',
  'head -5c a',
  'tail -n +3 a',
  'tail -20f a',
  'grep -rn --include=*.ts TODO src',
  'grep -A3 -B2 foo a',
  'grep -5n foo a',
  'grep -e a -e b a',
  'grep --col=always x a',
  'grep foo *',
  'cat *',
  'ls -la --color=auto',
  'wc -l *',
  'git log --oneline --graph --decorate -n 20',
  'git log -p --stat -- src',
  'git log --format=%H -1',
  'git log --no-ext',
  'git show --stat HEAD',
  'git diff --cached --name-only',
  'git diff --no-textconv',
  'git grep -n -e foo -- src',
  'git --no-pager -C sub log -3',
  'git blame -L 1,5 a',
  'git blame --contents a.txt a',
  'git remote get-url origin',
  'git remote',
  "git branch --list 'feat*'",
  "git tag -l 'v*'",
  'git config --get-regexp alias',
  'git ls-files -z',
  'git rev-parse --show-toplevel',
  'echo $HOME',
  'echo "$(date)"',
  'exit $?',
  'printf "%s\\n" "$x"',
  'seq 1 $((n))',
  'test -f "$f"',
  'find . -maxdepth 2 -name "*.ts" -not -path "./node_modules/*"',
  'find -L . -type l',
  'jq -r .name package.json',
  'jq -n --arg v 1 .',
  'jq -nr 1',
  'rg -n --no-heading -g "*.ts" foo src',
  'diff -ru a b',
  'cmp -s a b',
  'stat -c %s a',
  'od -An -tx1 a',
  'hexdump -C -n 64 a',
  'file -b a',
  'strings -n 8 a',
  'tree -L 2 -a',
  'date -u +%Y-%m-%d',
  'date -d yesterday +%F',
  'uniq -c a',
  'cut -d: -f1 a',
  'nl -ba a',
  'column -t -s, a',
];

describe('options read as the programs read them (the boundary for ask mode)', () => {
  for (const command of ASKS) it(`asks: ${command}`, () => expect(decision(command)).toBe('ask'));
  for (const command of RUNS) it(`runs without a question: ${command}`, () => expect(decision(command)).toBe('allow'));
});

describe('auto-edit, where reading outside the workspace runs: a word the shell fills in still asks', () => {
  for (const command of ['cat ~/.aw$(echo s)/credentials', 'cat ~u/.aws/credentials', 'cat $(cat list)', 'for f in ~/.aws/*; do cat "$f"; done'])
    it(command, () => expect(decision(command, 'auto-edit')).toBe('ask'));
});

describe('lineIsReadOnly agrees (it lets calls run side by side and plan mode run bash without a sandbox)', () => {
  for (const line of ['sort --o=x a', 'git remote -v add x y', 'git grep --open=x -e demo', 'sort --files0-from=list', 'sort {-o,x} y'])
    it(`not read-only: ${line}`, () => expect(lineIsReadOnly(line)).toBe(false));
  for (const line of ['sort -rn a', 'git --no-pager -C sub log -3', 'grep -rn TODO src'])
    it(`read-only: ${line}`, () => expect(lineIsReadOnly(line)).toBe(true));
});
