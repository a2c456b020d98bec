// The attacker's side of tack's own file copies around worktrees: a link a worktree child made, or a
// link a repository commits, never makes tack itself read a secret into the workspace or write
// outside it.
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';
import { git } from './repo.js';

const server = scriptedServers();
const KEY = '-----BEGIN OPENSSH PRIVATE KEY----- FAKE-KEY-FOR-A-TEST';

/** A committed repository, and the test's HOME (TACK_HOME's parent) with a fake ~/.ssh. */
function repo(files: Record<string, string>) {
  const p = makeProject(files);
  const ssh = join(p.home, '..', '.ssh');
  mkdirSync(ssh);
  writeFileSync(join(ssh, 'id_rsa'), `${KEY}\n`, { mode: 0o600 });
  git(p.dir, 'init', '-q', '-b', 'main');
  git(p.dir, 'config', 'user.email', 'user@example.com');
  git(p.dir, 'config', 'user.name', 'User');
  git(p.dir, 'add', '-A');
  git(p.dir, 'commit', '-qm', 'first');
  return { ...p, ssh };
}

it("a worktree child's link to ~/.ssh/id_rsa comes back as a refusal, never as the key's bytes", { timeout: 60_000 }, async () => {
  const p = repo({ 'a.txt': 'a\n' });
  mkdirSync(join(p.home, 'agents'));
  writeFileSync(join(p.home, 'agents', 'fixer.md'), '---\nname: fixer\ndescription: works on its own copy\nisolation: worktree\n---\nDo it.\n');
  const key = join(p.ssh, 'id_rsa');
  const s = await server([
    { toolCalls: [{ id: 'call_task', name: 'task', arguments: { description: 'notes', prompt: 'make notes', agent: 'fixer' } }] },
    // a hard link is left to tools/fs/own's tests: under the sandbox it would cross devices
    { toolCalls: [{ name: 'bash', arguments: { command: `ln -s '${key}' notes.txt && echo MADE` } }] },
    { text: 'notes made' },
    { text: 'parent done' },
  ]);
  const run = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'notes'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  const report = toolResultText(s.chatRequests().at(-1)!);
  expect(report).toMatch(/notes\.txt: not applied \(a symbolic link to [^\n]*id_rsa, which tack does not follow\)/);
  expect(existsSync(join(p.dir, 'notes.txt'))).toBe(false);
  expect(JSON.stringify(s.requests.map((request) => request.body))).not.toContain('FAKE-KEY-FOR-A-TEST');
  expect(run.stdout + run.stderr).not.toContain('FAKE-KEY-FOR-A-TEST');
});

it('a committed link out -> ~/.ssh and a .worktreeinclude naming out/authorized_keys: tack -w writes nothing into ~/.ssh', { timeout: 60_000 }, async () => {
  const p = repo({ '.worktreeinclude': 'out/authorized_keys\n' });
  symlinkSync(p.ssh, join(p.dir, 'out'));
  git(p.dir, 'add', 'out');
  git(p.dir, 'commit', '-qm', 'a link');
  // in the user's checkout `out` is a real folder now, with an untracked file the list names
  rmSync(join(p.dir, 'out'));
  mkdirSync(join(p.dir, 'out'));
  writeFileSync(join(p.dir, 'out', 'authorized_keys'), 'ssh-ed25519 AAAA attacker\n');
  const s = await server([{ text: 'nothing to do' }]);
  const run = await runTack(['-w', 'x', '-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  expect(existsSync(join(p.ssh, 'authorized_keys'))).toBe(false);
  // the refusal is said, in one line
  expect(run.stderr).toMatch(/\.worktreeinclude: out\/authorized_keys: [^\n]*; not copied/);
  expect(readFileSync(join(p.ssh, 'id_rsa'), 'utf8')).toBe(`${KEY}\n`);
  expect(lstatSync(join(p.dir, 'out')).isDirectory()).toBe(true);
});
