// A user's repository for the worktree tests: a commit, a stash, a staged change, an unstaged one,
// and a snapshot of all of it to hold byte-identical across tack's runs.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { makeProject } from '../support/cli.js';

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } }).trim();
}

/** A repository in use: committed, stashed, staged and unstaged work, and `.env.local` ignored but listed in `.worktreeinclude`. */
export function userRepo(): { dir: string; home: string } {
  const p = makeProject({ 'a.txt': 'a\n', 'b.txt': 'b\n', '.gitignore': '.env.local\n', '.worktreeinclude': '.env.local\n' });
  git(p.dir, 'init', '-q', '-b', 'main');
  git(p.dir, 'config', 'user.email', 'user@example.com');
  git(p.dir, 'config', 'user.name', 'User');
  git(p.dir, 'add', '-A');
  git(p.dir, 'commit', '-qm', 'first');
  writeFileSync(join(p.dir, 'a.txt'), 'a stashed\n');
  git(p.dir, 'stash', '-q');
  writeFileSync(join(p.dir, 'b.txt'), 'b staged\n');
  git(p.dir, 'add', 'b.txt');
  writeFileSync(join(p.dir, 'a.txt'), 'a unstaged\n');
  writeFileSync(join(p.dir, '.env.local'), 'TOKEN=local-only\n');
  return p;
}

function files(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === '.git' && dir === root ? [] : files(path, root);
    return [`${relative(root, path)} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`];
  });
}

/** Everything of the user's that tack must not change: the tree, the index file, the stash, the branches, the status. */
export function userState(dir: string): string {
  return [
    ...files(dir).sort(),
    createHash('sha256')
      .update(readFileSync(join(dir, '.git', 'index')))
      .digest('hex'),
    git(dir, 'stash', 'list'),
    git(dir, 'rev-parse', 'refs/stash'),
    git(dir, 'rev-parse', 'main'),
    git(dir, 'status', '--porcelain'),
  ].join('\n');
}

/** The worktrees git knows of, by path. */
export function gitWorktrees(dir: string): string[] {
  return git(dir, 'worktree', 'list', '--porcelain')
    .split('\n')
    .filter((l) => l.startsWith('worktree '))
    .map((l) => l.slice('worktree '.length));
}
