// Which worktrees are tack's is what tack's own records (in its home) say, never a file in the
// repository's `.git`: a model forges the old marker in the user's own worktree, and list, rm and
// prune still leave that worktree and its branch alone; a worktree made by hand where tack's was is
// not tack's either.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runTack } from '../support/cli.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';
import { git, gitWorktrees, userRepo } from './repo.js';

const server = scriptedServers();

it("a marker a model forges in the user's own worktree makes it tack's for nothing: list, rm and prune leave it alone", { timeout: 60_000 }, async () => {
  const p = userRepo();
  const mine = join(p.dir, '..', 'feature');
  git(p.dir, 'worktree', 'add', '-q', '-b', 'feature', mine);
  const base = git(p.dir, 'rev-parse', 'feature');
  // a session in the user's repository: its .git (worktree admin folders included) is the workspace's
  const forged = JSON.stringify({ name: 'feature', branch: 'feature', base, from: 'HEAD', createdAt: '', included: [] });
  const s = await server([
    { toolCalls: [{ name: 'bash', arguments: { command: `printf '%s' '${forged}' > .git/worktrees/feature/tack-worktree.json && echo FORGED` } }] },
    { text: 'done' },
  ]);
  const run = await runTack(['--yolo', '-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  expect(toolResultText(s.chatRequests().at(-1)!)).toContain('FORGED');

  // clean, and its branch has no commit past the forged base: the old prune removed both
  const prune = await runTack(['worktree', 'prune'], { cwd: p.dir, home: p.home });
  expect(prune.code, prune.stderr).toBe(0);
  expect(prune.stdout).not.toContain('removed');
  const rm = await runTack(['worktree', 'rm', 'feature', '--force'], { cwd: p.dir, home: p.home });
  expect(rm.code).toBe(2);
  expect(rm.stderr).toContain('no tack worktree named feature');
  const list = await runTack(['worktree', 'list'], { cwd: p.dir, home: p.home });
  expect(list.stdout).toContain('no tack worktrees in this repository');
  expect(gitWorktrees(p.dir)).toEqual([p.dir, mine]);
  expect(readFileSync(join(mine, 'a.txt'), 'utf8')).toBe('a\n');
  expect(git(p.dir, 'rev-parse', 'feature')).toBe(base);
});

it("tack's record is in its home, owner-only; a worktree made by hand where tack's was is not tack's", { timeout: 60_000 }, async () => {
  const p = userRepo();
  const s = await server([{ toolCalls: [{ name: 'write', arguments: { path: 'n.txt', content: 'n\n' } }] }, { text: 'ok' }]);
  const run = await runTack(['-w', 'spot', '-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  const path = /kept \(.*\) at (.+)$/m.exec(run.stderr)![1]!;
  const [repoRecords] = readdirSync(join(p.home, 'worktree-records'));
  const record = join(p.home, 'worktree-records', repoRecords!, 'spot.json');
  expect(JSON.parse(readFileSync(record, 'utf8'))).toMatchObject({ name: 'spot', path, branch: 'tack/spot' });
  expect(statSync(record).mode & 0o777).toBe(0o600);
  expect(existsSync(join(p.dir, '.git', 'worktrees', 'spot', 'tack-worktree.json'))).toBe(false);

  // the user removes it with git, and makes their own worktree in the same folder, same admin folder name
  git(p.dir, 'worktree', 'remove', '--force', path);
  git(p.dir, 'worktree', 'add', '-q', '-b', 'feature', path);
  writeFileSync(join(path, 'scratch.txt'), 'the user is working here\n');
  const list = await runTack(['worktree', 'list'], { cwd: p.dir, home: p.home });
  expect(list.stdout).toContain('no tack worktrees in this repository');
  const prune = await runTack(['worktree', 'prune'], { cwd: p.dir, home: p.home });
  expect(prune.code, prune.stderr).toBe(0);
  const rm = await runTack(['worktree', 'rm', 'spot', '--force'], { cwd: p.dir, home: p.home });
  expect(rm.code).toBe(2);
  expect(gitWorktrees(p.dir)).toEqual([p.dir, path]);
  expect(readFileSync(join(path, 'scratch.txt'), 'utf8')).toBe('the user is working here\n');
  expect(git(p.dir, 'branch', '--list', 'feature')).toContain('feature');
});
