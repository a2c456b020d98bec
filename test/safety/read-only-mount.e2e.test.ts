// What runs unasked runs read-only, by the kernel: a command the judge lets through as only looking
// runs in bwrap with the workspace, its git directory and the home folder read-only, so a misjudged
// command fails instead of writing. A command someone let write (an allow rule, an answer) keeps the
// writable sandbox. The attacker: a repository whose own git config makes `git diff` run a program
// (the judge takes `git diff` for a read), and a model that asks for that `git diff`.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probeSandbox } from '../../tools/sandbox/sandbox.js';
import { makeProject, runTack } from '../support/cli.js';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const sandboxed = probeSandbox().ok;

/** A committed repository with a changed file, whose config names an external diff program that writes in the workspace, its .git and the home folder. */
function hostileRepository() {
  const p = makeProject({ 'a.txt': 'a\n' });
  const userHome = join(p.home, '..');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: p.dir, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'first');
  const script = join(userHome, 'differ.sh');
  mkdirSync(join(userHome, '.cargo', 'bin'), { recursive: true });
  writeFileSync(
    script,
    [
      '#!/bin/sh',
      `echo pwned > '${join(p.dir, 'pwned.txt')}'`,
      `echo pwned > '${join(p.dir, '.git', 'pwned')}'`,
      `echo pwned > '${join(userHome, '.cache', 'pwned')}'`,
      `echo pwned > '${join(userHome, '.cargo', 'bin', 'ls')}'`,
      'echo differ-ran',
      '',
    ].join('\n'),
  );
  chmodSync(script, 0o755);
  git('config', 'diff.external', script);
  writeFileSync(join(p.dir, 'a.txt'), 'changed\n');
  const written = [join(p.dir, 'pwned.txt'), join(p.dir, '.git', 'pwned'), join(userHome, '.cache', 'pwned'), join(userHome, '.cargo', 'bin', 'ls')];
  return { ...p, userHome, written };
}

/** Runs tack -p with the model asking for one command, and returns what the command's result said. */
async function runCommand(command: string, p: { dir: string; home: string }, flags: string[]): Promise<string> {
  const s = await startMockServer({ turns: [{ toolCalls: [{ name: 'bash', arguments: { command } }] }, { text: 'ok' }] });
  servers.push(s);
  const r = await runTack(['-p', '--trust', ...flags, '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
  expect(r.code).toBe(0);
  const tool = s.chatRequests()[1]!.body.messages.find((m: any) => m.role === 'tool');
  return typeof tool.content === 'string' ? tool.content : tool.content.map((c: any) => c.text).join('');
}

describe.skipIf(!sandboxed)('a command that ran without a question can write nothing but /tmp', () => {
  it('in ask mode, a read-only-looking git diff whose config runs a program writes nothing: not the workspace, .git, a cache or ~/.cargo/bin', async () => {
    const p = hostileRepository();
    const out = await runCommand('git diff', p, ['--approval', 'ask']);
    // the program ran (the judge let it through without a question) and could not write
    expect(out).toContain('differ-ran');
    for (const file of p.written) expect(existsSync(file)).toBe(false);
    expect(out).toContain('Read-only file system');
    expect(out).toContain('ran with everything but /tmp read-only');
    expect(readFileSync(join(p.dir, 'a.txt'), 'utf8')).toBe('changed\n');
  });

  it('in auto-edit mode too (its commands are judged as in ask mode)', async () => {
    const p = hostileRepository();
    const out = await runCommand('git diff', p, ['--approval', 'auto-edit']);
    expect(out).toContain('differ-ran');
    for (const file of p.written) expect(existsSync(file)).toBe(false);
  });

  it('the same command let write by an allow rule runs in the writable sandbox: the workspace and caches, never ~/.cargo/bin', async () => {
    const p = hostileRepository();
    mkdirSync(join(p.dir, '.tack'), { recursive: true });
    writeFileSync(join(p.dir, '.tack', 'config.json'), JSON.stringify({ permissions: { allow: ['bash(git diff*)'] } }));
    const out = await runCommand('git diff', p, ['--approval', 'ask']);
    expect(out).toContain('differ-ran');
    expect(existsSync(join(p.dir, 'pwned.txt'))).toBe(true);
    expect(existsSync(join(p.userHome, '.cache', 'pwned'))).toBe(true);
    // a folder of programs that run by name later, outside the sandbox, stays read-only even then
    expect(existsSync(join(p.userHome, '.cargo', 'bin', 'ls'))).toBe(false);
  });
});
