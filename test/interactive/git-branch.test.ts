// The footer's branch: read from HEAD (a worktree's `.git` file followed), a detached HEAD as its
// short commit, and nothing a hostile repository writes into HEAD reaching the terminal.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { branchName, GitBranch } from '../../src/modes/interactive/os/git-branch.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function repo(head: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'tack-branch-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.git'));
  writeFileSync(join(dir, '.git', 'HEAD'), head);
  return dir;
}

describe('git branch for the footer', () => {
  it('reads the branch of the repository above the working directory', () => {
    const dir = repo('ref: refs/heads/feature/login\n');
    mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
    expect(new GitBranch(join(dir, 'src', 'deep')).current()).toBe('feature/login');
  });

  it("follows a worktree's .git file to its HEAD", () => {
    const main = repo('ref: refs/heads/main\n');
    mkdirSync(join(main, '.git', 'worktrees', 'wt'), { recursive: true });
    writeFileSync(join(main, '.git', 'worktrees', 'wt', 'HEAD'), 'ref: refs/heads/side\n');
    const wt = mkdtempSync(join(tmpdir(), 'tack-wt-'));
    dirs.push(wt);
    writeFileSync(join(wt, '.git'), `gitdir: ${join(main, '.git', 'worktrees', 'wt')}\n`);
    expect(new GitBranch(wt).current()).toBe('side');
  });

  it('shows a detached HEAD as its short commit and refuses control characters', () => {
    expect(branchName('0123456789abcdef0123456789abcdef01234567\n')).toBe('01234567');
    expect(branchName('ref: refs/heads/x\x1b]2;pwned\x07')).toBeUndefined();
    expect(branchName('garbage')).toBeUndefined();
    expect(branchName(`ref: refs/heads/${'b'.repeat(100)}`)).toHaveLength(40);
  });

  it('sees a branch switch on the next read after a few seconds, not on every frame', () => {
    const dir = repo('ref: refs/heads/one\n');
    const branch = new GitBranch(dir);
    expect(branch.current(10_000)).toBe('one');
    writeFileSync(join(dir, '.git', 'HEAD'), 'ref: refs/heads/two\n');
    expect(branch.current(10_500)).toBe('one');
    expect(branch.current(14_000)).toBe('two');
  });
});
