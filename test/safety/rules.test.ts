// Rule patterns: path globs and command patterns.
import { describe, expect, it } from 'vitest';
import { matchesCommand, matchesPath, parseRule } from '../../src/session/permissions/rules.js';

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
  ];
  for (const [pattern, path, matches] of cases) {
    it(`read(${pattern}) ${matches ? 'matches' : 'does not match'} ${path}`, () => {
      expect(matchesPath(parseRule(`read(${pattern})`, 'allow', HOME), path, CWD)).toBe(matches);
    });
  }
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
