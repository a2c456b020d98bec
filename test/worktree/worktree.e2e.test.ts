// `tack -w`: the built CLI and a scripted model, in a repository the user is in the middle of
// working in (a stash, a staged and an unstaged change). Whatever tack does in its worktree, the
// user's tree, index and stash stay byte-identical.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { collect, makeProject, runTack, spawnTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';
import { git, gitWorktrees, userRepo, userState } from './repo.js';

const server = scriptedServers();

/** The model edits a.txt in its worktree and commits it. */
const editAndCommit = (text: string) => [
  { toolCalls: [{ name: 'edit', arguments: { path: 'a.txt', old_text: 'a', new_text: text } }] },
  { toolCalls: [{ name: 'bash', arguments: { command: 'git add a.txt && git commit -qm "tack edit" && git log --oneline -1' } }] },
  { text: 'committed' },
];

function worktreePath(stderr: string): string {
  const path = /kept \(.*\) at (.+)$/m.exec(stderr)?.[1];
  expect(path, stderr).toBeDefined();
  return path!;
}

it('tack -w fix -p edits and commits in a worktree; the user tree, index and stash stay as they were', { timeout: 60_000 }, async () => {
  const p = userRepo();
  const before = userState(p.dir);
  const s = await server(editAndCommit('a fixed'));
  const run = await runTack(['-w', 'fix', '-p', '--base-url', s.url, '-m', 'm', 'fix a'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toContain('your uncommitted changes are not copied');
  const path = worktreePath(run.stderr);
  expect(run.stderr).toContain('git merge tack/fix');
  expect(path.startsWith(join(p.home, 'worktrees'))).toBe(true);
  // the commit is on tack/fix, made from the user's committed HEAD, not their unstaged work
  expect(git(p.dir, 'show', 'tack/fix:a.txt')).toBe('a fixed');
  expect(git(p.dir, 'rev-parse', 'tack/fix~1')).toBe(git(p.dir, 'rev-parse', 'main'));
  expect(userState(p.dir)).toBe(before);
  // listed, and .worktreeinclude brought .env.local along, owner-only
  const list = await runTack(['worktree', 'list'], { cwd: p.dir, home: p.home });
  expect(list.stdout).toMatch(/fix\s+tack\/fix\s+\w+\s+1 commit/);
  expect(readFileSync(join(path, '.env.local'), 'utf8')).toBe('TOKEN=local-only\n');
  expect(statSync(join(path, '.env.local')).mode & 0o777).toBe(0o600);
});

it('a worktree where nothing was done is removed with its branch when tack exits', { timeout: 60_000 }, async () => {
  const p = userRepo();
  const before = userState(p.dir);
  const s = await server([{ text: 'nothing to do' }]);
  const run = await runTack(['-w', 'tidy', '-p', '--base-url', s.url, '-m', 'm', 'look around'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).not.toContain('kept');
  expect(run.stderr).toContain('tack: worktree tidy removed, and its branch tack/tidy: nothing was changed or committed there\n');
  expect(gitWorktrees(p.dir)).toEqual([p.dir]);
  expect(git(p.dir, 'branch', '--list', 'tack/*')).toBe('');
  expect(userState(p.dir)).toBe(before);
});

it.each(['SIGTERM', 'SIGHUP'] as const)(
  'tack -w -p stopped by %s mid-answer removes its untouched worktree and branch, and ends',
  { timeout: 60_000 },
  async (signal) => {
    const p = userRepo();
    const before = userState(p.dir);
    const s = await server([{ hang: true }]);
    const tack = spawnTack(['-w', 'cut', '-p', '--base-url', s.url, '-m', 'm', 'look around'], { cwd: p.dir, home: p.home });
    const run = collect(tack);
    for (let waited = 0; s.chatRequests().length === 0 && waited < 20_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(s.chatRequests()).toHaveLength(1);
    tack.kill(signal);
    const ended = await run;
    expect(ended.code, ended.stderr).not.toBe(0);
    expect(ended.signal, ended.stderr).toBeNull();
    expect(gitWorktrees(p.dir)).toEqual([p.dir]);
    expect(git(p.dir, 'branch', '--list', 'tack/*')).toBe('');
    expect(userState(p.dir)).toBe(before);
  },
);

it('tack -w NAME -c continues the session of that worktree', { timeout: 60_000 }, async () => {
  const p = userRepo();
  const first = await server([{ toolCalls: [{ name: 'write', arguments: { path: 'note.txt', content: 'draft\n' } }] }, { text: 'drafted' }]);
  const a = await runTack(['-w', 'doc', '-p', '--base-url', first.url, '-m', 'm', 'remember the word pelican'], { cwd: p.dir, home: p.home });
  expect(a.code, a.stderr).toBe(0);
  const path = worktreePath(a.stderr);
  const second = await server([{ text: 'pelican' }]);
  const b = await runTack(['-w', 'doc', '-c', '-p', '--base-url', second.url, '-m', 'm', 'which word?'], { cwd: p.dir, home: p.home });
  expect(b.code, b.stderr).toBe(0);
  expect(JSON.stringify(second.chatRequests()[0]!.body.messages)).toContain('remember the word pelican');
  // the session lives with the worktree, not with the user's folder
  expect(existsSync(join(path, 'note.txt'))).toBe(true);
  expect(b.stderr).toContain('1 changed file');
});

it('rm refuses uncommitted changes without --force; rm and prune never touch the user own worktrees', { timeout: 60_000 }, async () => {
  const p = userRepo();
  const mine = join(p.dir, '..', 'mine');
  git(p.dir, 'worktree', 'add', '-q', '-b', 'mine', mine);
  writeFileSync(join(mine, 'scratch.txt'), 'the user is working here\n');
  const s = await server([{ toolCalls: [{ name: 'write', arguments: { path: 'wip.txt', content: 'wip\n' } }] }, { text: 'ok' }]);
  const run = await runTack(['-w', 'wip', '-p', '--base-url', s.url, '-m', 'm', 'start'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  const path = worktreePath(run.stderr);

  const list = await runTack(['worktree', 'list'], { cwd: p.dir, home: p.home });
  expect(list.stdout).toContain('wip');
  expect(list.stdout).not.toContain('mine');
  const refused = await runTack(['worktree', 'rm', 'wip'], { cwd: p.dir, home: p.home });
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('--force');
  expect(existsSync(path)).toBe(true);
  const notOurs = await runTack(['worktree', 'rm', 'mine', '--force'], { cwd: p.dir, home: p.home });
  expect(notOurs.code).toBe(2);
  expect(notOurs.stderr).toContain('no tack worktree named mine');

  const pruned = await runTack(['worktree', 'prune'], { cwd: p.dir, home: p.home });
  expect(pruned.code).toBe(0);
  expect(existsSync(path)).toBe(true);
  const forced = await runTack(['worktree', 'rm', 'wip', '--force'], { cwd: p.dir, home: p.home });
  expect(forced.code, forced.stderr).toBe(0);
  expect(existsSync(path)).toBe(false);
  expect(gitWorktrees(p.dir)).toEqual([p.dir, mine]);
  expect(readFileSync(join(mine, 'scratch.txt'), 'utf8')).toBe('the user is working here\n');
  expect(git(p.dir, 'branch', '--list', 'mine')).toContain('mine');
});

it('prune says there is nothing to prune, and why: no tack worktree, or each has work in it', { timeout: 60_000 }, async () => {
  const p = userRepo();
  const none = await runTack(['worktree', 'prune'], { cwd: p.dir, home: p.home });
  expect(none.code, none.stderr).toBe(0);
  expect(none.stdout).toBe('nothing to prune: no tack worktrees in this repository\n');
  const s = await server([{ toolCalls: [{ name: 'write', arguments: { path: 'x.txt', content: 'x\n' } }] }, { text: 'ok' }]);
  await runTack(['-w', 'busy', '-p', '--base-url', s.url, '-m', 'm', 'start'], { cwd: p.dir, home: p.home });
  const kept = await runTack(['worktree', 'prune'], { cwd: p.dir, home: p.home });
  expect(kept.stdout).toBe('nothing to prune: the one tack worktree here has changes or commits (tack worktree list)\n');
});

it('prune removes a tack worktree whose folder was deleted by hand, and only that record', { timeout: 60_000 }, async () => {
  const p = userRepo();
  const gone = join(p.dir, '..', 'gone');
  git(p.dir, 'worktree', 'add', '-q', '-b', 'gone', gone);
  rmSync(gone, { recursive: true });
  const s = await server([{ toolCalls: [{ name: 'write', arguments: { path: 'x.txt', content: 'x\n' } }] }, { text: 'ok' }]);
  const run = await runTack(['-w', 'lost', '-p', '--base-url', s.url, '-m', 'm', 'start'], { cwd: p.dir, home: p.home });
  rmSync(worktreePath(run.stderr), { recursive: true });
  const pruned = await runTack(['worktree', 'prune'], { cwd: p.dir, home: p.home });
  expect(pruned.stdout).toContain('removed lost');
  // the user's own stale record is theirs to prune
  expect(gitWorktrees(p.dir)).toEqual([p.dir, gone]);
});

it('two tack -w runs at once on one repository each get their own worktree and branch', { timeout: 90_000 }, async () => {
  const p = userRepo();
  const before = userState(p.dir);
  const [s1, s2] = await Promise.all([server(editAndCommit('a one')), server(editAndCommit('a two'))]);
  const [one, two] = await Promise.all([
    runTack(['-w', 'one', '-p', '--base-url', s1.url, '-m', 'm', 'first'], { cwd: p.dir, home: p.home }),
    runTack(['-w', 'two', '-p', '--base-url', s2.url, '-m', 'm', 'second'], { cwd: p.dir, home: p.home }),
  ]);
  expect(one.code, one.stderr).toBe(0);
  expect(two.code, two.stderr).toBe(0);
  expect(git(p.dir, 'show', 'tack/one:a.txt')).toBe('a one');
  expect(git(p.dir, 'show', 'tack/two:a.txt')).toBe('a two');
  expect(userState(p.dir)).toBe(before);
});

it('a generated name, and --from another base', { timeout: 60_000 }, async () => {
  const p = userRepo();
  const first = git(p.dir, 'rev-parse', 'HEAD');
  writeFileSync(join(p.dir, 'c.txt'), 'c\n');
  git(p.dir, 'add', 'c.txt');
  git(p.dir, 'commit', '-qm', 'second');
  const s = await server([{ toolCalls: [{ name: 'write', arguments: { path: 'n.txt', content: 'n\n' } }] }, { text: 'ok' }]);
  const run = await runTack(['-w', '--from', first, '-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  const path = worktreePath(run.stderr);
  expect(path).toMatch(/wt-\d{4}-[0-9a-f]{6}$/);
  expect(existsSync(join(path, 'c.txt'))).toBe(false);
});

it('-w says why it cannot work: outside a repository, a bare one, a taken branch, a bad --from', { timeout: 60_000 }, async () => {
  const plain = makeProject({ 'a.txt': 'a\n' });
  const outside = await runTack(['-w', '-p', 'hi'], { cwd: plain.dir, home: plain.home });
  expect(outside.code).toBe(2);
  expect(outside.stderr).toMatch(/^tack: -w: .* is not in a git repository; .*\n$/);

  const bare = join(plain.dir, 'bare.git');
  mkdirSync(bare);
  git(bare, 'init', '-q', '--bare');
  const inBare = await runTack(['-w', '-p', 'hi'], { cwd: bare, home: plain.home });
  expect(inBare.code).toBe(2);
  expect(inBare.stderr).toContain('bare repository');

  const p = userRepo();
  git(p.dir, 'branch', 'tack/taken');
  const taken = await runTack(['-w', 'taken', '-p', 'hi'], { cwd: p.dir, home: p.home });
  expect(taken.code).toBe(2);
  expect(taken.stderr).toContain('a branch tack/taken exists already');
  const badRef = await runTack(['-w', 'x', '--from', 'no-such-ref', '-p', 'hi'], { cwd: p.dir, home: p.home });
  expect(badRef.code).toBe(2);
  expect(badRef.stderr).toContain('--from no-such-ref: no such commit');
  const badName = await runTack(['-w', '../up', '-p', 'hi'], { cwd: p.dir, home: p.home });
  expect(badName.code).toBe(2);
  expect(badName.stderr).toContain('cannot name a worktree');
  expect(gitWorktrees(p.dir)).toEqual([p.dir]);
});

it('with worktrees.location "inside" the worktree is in .worktrees/ and git status shows nothing new', { timeout: 60_000 }, async () => {
  const p = userRepo();
  writeFileSync(join(p.home, 'config.json'), JSON.stringify({ worktrees: { location: 'inside' } }));
  const status = git(p.dir, 'status', '--porcelain');
  const s = await server([{ toolCalls: [{ name: 'write', arguments: { path: 'in.txt', content: 'in\n' } }] }, { text: 'ok' }]);
  const run = await runTack(['-w', 'near', '-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  expect(worktreePath(run.stderr)).toBe(join(p.dir, '.worktrees', 'near'));
  expect(git(p.dir, 'status', '--porcelain')).toBe(status);
});

it('a detached HEAD and a repository with submodules: each said in one line, and the worktree starts from HEAD', { timeout: 60_000 }, async () => {
  const p = userRepo();
  writeFileSync(join(p.dir, '.gitmodules'), '[submodule "lib"]\n\tpath = lib\n\turl = ../lib\n');
  git(p.dir, 'add', '.gitmodules');
  git(p.dir, 'commit', '-qm', 'modules');
  git(p.dir, 'checkout', '-q', '--detach');
  const s = await server([{ text: 'looked' }]);
  const run = await runTack(['-w', 'det', '-p', '--base-url', s.url, '-m', 'm', 'look'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toContain(`HEAD is detached: the worktree starts from commit ${git(p.dir, 'rev-parse', 'HEAD').slice(0, 9)}`);
  expect(run.stderr).toContain('submodules are not checked out in the worktree');
  expect(gitWorktrees(p.dir)).toEqual([p.dir]);
});

it("a trusted repository's worktree is trusted while its settings are the same; the record goes with the worktree", { timeout: 60_000 }, async () => {
  const p = userRepo();
  mkdirSync(join(p.dir, '.tack'));
  writeFileSync(join(p.dir, '.tack', 'config.json'), JSON.stringify({ tools: ['read', 'write', 'edit', 'bash', 'grep', 'find', 'ls'] }));
  git(p.dir, 'add', '.tack');
  git(p.dir, 'commit', '-qm', 'settings');
  const untrusted = await runTack(['-w', 'first', '-p', 'hi', '--base-url', 'http://127.0.0.1:1/v1', '-m', 'm'], { cwd: p.dir, home: p.home });
  expect(untrusted.stderr).toContain('ignoring .tack/config.json');
  expect((await runTack(['trust'], { cwd: p.dir, home: p.home })).code).toBe(0);
  const s = await server([{ text: 'hello' }]);
  const run = await runTack(['-w', 'second', '-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toContain('trusted there too');
  expect(run.stderr).not.toContain('ignoring');
  const trusted = Object.keys(JSON.parse(readFileSync(join(p.home, 'trust.json'), 'utf8')).folders);
  expect(trusted).toEqual([p.dir]);
});
