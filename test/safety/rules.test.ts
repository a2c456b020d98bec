// Rule patterns: path globs (picomatch, as find and grep read them) and command patterns.
import { describe, expect, it } from 'vitest';
import { matchesCommand, matchesPath, parseRule } from '../../src/session/permissions/rules.js';
import { layout, workspace } from '../tools/helpers.js';

const CWD = '/w/proj';
const HOME = '/home/u';

describe('path patterns', () => {
  const cases: [pattern: string, path: string, matches: boolean][] = [
    ['src/**', '/w/proj/src', true],
    ['src/**', '/w/proj/src/a/b.ts', true],
    ['src/**', '/w/proj/srcx/a.ts', false],
    ['src/', '/w/proj/src/a.ts', true],
    ['./src/*.ts', '/w/proj/src/a.ts', true],
    ['src/*.ts', '/w/proj/src/a/b.ts', false],
    ['**/.env', '/w/proj/.env', true],
    ['**/.env', '/w/proj/deploy/.env', true],
    ['**/.env', '/w/proj/.env.local', false],
    ['.env*', '/w/proj/deploy/.env.local', true],
    ['*.pem', '/etc/ssl/private/server.pem', true],
    ['config.{json,yaml}', '/w/proj/a/config.yaml', true],
    ['config.{json,yaml}', '/w/proj/a/config.toml', false],
    ['file[0-9].txt', '/w/proj/file7.txt', true],
    ['file[!0-9].txt', '/w/proj/file7.txt', false],
    ['/tmp/**', '/tmp/x/y', true],
    ['~/.aws/**', '/home/u/.aws/credentials', true],
    ['src/**', '/elsewhere/src/a.ts', false],
    ['src/**', '/w/proj', false],
    ['docs/', '/w/proj/docs', true],
    ['src/*', '/w/proj/src/a/b.ts', false],
    ['src/**/*.test.ts', '/w/proj/src/a.test.ts', true],
    ['src/**/*.test.ts', '/w/proj/src/x/y/a.test.ts', true],
    ['src/**/*.test.ts', '/w/proj/src/x/a.ts', false],
    // dot files and dot directories are matched like any other name
    ['*.pem', '/w/proj/.hidden.pem', true],
    ['**/*.key', '/w/proj/.ssh/id.key', true],
    ['?.txt', '/w/proj/a.txt', true],
    ['?.txt', '/w/proj/ab.txt', false],
    ['file[!0-9].txt', '/w/proj/filex.txt', true],
    ['*.{pem,key}', '/etc/ssl/x.key', true],
    ['config.{json,y{a,}ml}', '/w/proj/config.yml', true],
    // a rule has nothing to negate against: a leading `!` is a character of the name
    ['!important.txt', '/w/proj/!important.txt', true],
    ['!important.txt', '/w/proj/other.txt', false],
    // one without a slash names a file or a directory anywhere on the path
    ['.git', '/w/proj/sub/.git/config', true],
    ['~/.ssh/**', '/home/u/.ssh', true],
    ['~/notes.md', '/w/proj/notes.md', false],
    ['/etc/*.conf', '/etc/nginx/x.conf', false],
  ];
  for (const [pattern, path, matches] of cases) {
    it(`read(${pattern}) ${matches ? 'matches' : 'does not match'} ${path}`, () => {
      expect(matchesPath(parseRule(`read(${pattern})`, 'allow', HOME), path, CWD)).toBe(matches);
    });
  }
});

describe('path patterns: the home directory and find', () => {
  it('a home directory with glob characters in its name is taken literally for ~', () => {
    const home = '/home/u (work)[1]';
    const rule = parseRule('read(~/.aws/**)', 'deny', home);
    expect(matchesPath(rule, `${home}/.aws/credentials`, CWD)).toBe(true);
    expect(matchesPath(rule, '/home/u work1/.aws/credentials', CWD)).toBe(false);
  });

  it('a rule names the same files as find with the same glob', async () => {
    const { cwd, run } = workspace();
    await layout(cwd, {
      'src/a.ts': '',
      'src/b.test.ts': '',
      'src/x/c.ts': '',
      'src/x/.d.ts': '',
      'file1.txt': '',
      'filex.txt': '',
      '.env': '',
      'deploy/.env': '',
      'config.yml': '',
      'config.json': '',
    });
    const files = ['src/a.ts', 'src/b.test.ts', 'src/x/c.ts', 'src/x/.d.ts', 'file1.txt', 'filex.txt', '.env', 'deploy/.env', 'config.yml', 'config.json'];
    for (const glob of ['src/*.ts', 'src/**/*.ts', 'src/**/*.test.ts', '**/.env', './file[!0-9].txt', '**/config.{json,y{a,}ml}', 'src/*/?.ts']) {
      const found = (await run('find', { pattern: glob })).text.split('\n').filter((line) => files.includes(line));
      expect(found.length, glob).toBeGreaterThan(0);
      const rule = parseRule(`read(${glob})`, 'deny', HOME);
      expect(files.filter((f) => matchesPath(rule, `${cwd}/${f}`, cwd)).sort(), glob).toEqual(found.sort());
    }
  });
});

describe('command patterns', () => {
  const cases: [pattern: string, command: string, matches: boolean][] = [
    ['git push*', 'git push origin main', true],
    ['git push*', 'git pushx', true],
    ['git push*', 'git status', false],
    ['npm test:*', 'npm test', true],
    ['npm test:*', 'npm test -- -t x', true],
    ['npm test:*', 'npm tester', false],
    ['*rm -rf*', 'sudo rm -rf /', true],
    ['git   commit *', 'git commit  -m x', true],
  ];
  for (const [pattern, command, matches] of cases) {
    it(`bash(${pattern}) ${matches ? 'matches' : 'does not match'} "${command}"`, () => {
      expect(matchesCommand(parseRule(`bash(${pattern})`, 'deny', HOME), [command])).toBe(matches);
    });
  }

  it('a bare tool name covers every use of it', () => {
    expect(matchesCommand(parseRule('bash', 'deny', HOME), ['anything at all'])).toBe(true);
  });
});
