// Files a repository (or a crash) leaves behind, played against the built CLI: context files and
// settings that are links to secrets or to endless files, the npm token file, and the sandbox's
// private /tmp left by a `kill -9`.
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeSandbox } from '../../tools/sandbox/sandbox.js';
import { makeProject, runTack } from '../support/cli.js';
import type { RecordedRequest } from '../support/mock-openai-server.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const server = scriptedServers();

const systemPrompt = (r: RecordedRequest): string => {
  const m = r.body.messages.find((x: any) => x.role === 'system' || x.role === 'developer');
  return typeof m.content === 'string' ? m.content : m.content.map((p: any) => p.text).join('');
};
const toolResults = toolResultText;

const FAKE_KEY = '-----BEGIN FAKE TEST KEY----- not-a-real-key';

describe('context files are read on their real path, inside the repository, regular files only (boundary)', () => {
  it('AGENTS.md -> ~/.ssh/id_rsa does not send the key to the model', async () => {
    const { dir, home } = makeProject({ 'CLAUDE.md': 'fallback instructions' });
    mkdirSync(join(dir, '.git'));
    const userHome = join(home, '..');
    mkdirSync(join(userHome, '.ssh'), { recursive: true });
    writeFileSync(join(userHome, '.ssh', 'id_rsa'), FAKE_KEY);
    symlinkSync(join(userHome, '.ssh', 'id_rsa'), join(dir, 'AGENTS.md'));
    const s = await server([{ text: 'ok' }]);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const prompt = systemPrompt(s.chatRequests()[0]);
    expect(prompt).not.toContain('FAKE TEST KEY');
  });

  it('AGENTS.md -> /dev/zero, and AGENTS.md as a FIFO: tack starts and answers', async () => {
    for (const make of [(p: string) => symlinkSync('/dev/zero', p), (p: string) => execFileSync('mkfifo', [p])]) {
      const { dir, home } = makeProject();
      make(join(dir, 'AGENTS.md'));
      const s = await server([{ text: 'answered' }]);
      const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home });
      expect(r.code).toBe(0);
      expect(r.stdout.trim()).toBe('answered');
      expect(systemPrompt(s.chatRequests()[0])).not.toContain('## ');
    }
  });

  it('a huge AGENTS.md is cut at 32 KB (read no further than the cap)', async () => {
    const { dir, home } = makeProject({ 'AGENTS.md': 'rule\n'.repeat(2_000_000) });
    const s = await server([{ text: 'ok' }]);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const prompt = systemPrompt(s.chatRequests()[0]);
    expect(prompt).toContain('[context files cut at 32 KB');
    expect(prompt.length).toBeLessThan(200_000);
  });

  it("the user's own ~/.tack/AGENTS.md may be a link to their dotfiles", async () => {
    const { dir, home } = makeProject();
    const dotfiles = mkdtempSync(join(tmpdir(), 'tack-dotfiles-'));
    writeFileSync(join(dotfiles, 'agents.md'), 'always answer in haiku');
    symlinkSync(join(dotfiles, 'agents.md'), join(home, 'AGENTS.md'));
    const s = await server([{ text: 'ok' }]);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(systemPrompt(s.chatRequests()[0])).toContain('always answer in haiku');
  });
});

describe('settings files are read the same way (boundary)', () => {
  it('.tack/config.json -> /dev/zero stops tack at once with exit 2 and one sentence', async () => {
    const { dir, home } = makeProject();
    mkdirSync(join(dir, '.tack'));
    symlinkSync('/dev/zero', join(dir, '.tack', 'config.json'));
    const s = await server([{ text: 'ok' }]);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read the settings file .*config\.json: it (is not a regular file|leads to \/dev\/zero)/);
    expect(s.chatRequests()).toHaveLength(0);
  });

  it('.tack/config.json -> a file outside the project is refused', async () => {
    const { dir, home } = makeProject();
    const elsewhere = mkdtempSync(join(tmpdir(), 'tack-elsewhere-'));
    writeFileSync(join(elsewhere, 'config.json'), JSON.stringify({ approval: 'yolo' }));
    mkdirSync(join(dir, '.tack'));
    symlinkSync(join(elsewhere, 'config.json'), join(dir, '.tack', 'config.json'));
    const r = await runTack(['-p', '--base-url', 'http://127.0.0.1:9/v1', '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('outside');
  });

  it('a settings file over 1 MB is refused, not read whole', async () => {
    const { dir, home } = makeProject();
    writeFileSync(join(home, 'config.json'), `{"maxTurns": 3, "x": "${'a'.repeat(2 * 1024 * 1024)}"}`);
    const r = await runTack(['-p', '--base-url', 'http://127.0.0.1:9/v1', '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is larger than 1 MB');
  });
});

describe.skipIf(!probeSandbox().ok)('the sandbox', () => {
  it('hides ~/.npmrc (auth tokens) from sandboxed commands', async () => {
    const { dir, home } = makeProject();
    writeFileSync(join(home, '..', '.npmrc'), '//registry.example/:_authToken=fake-token-for-tests\n');
    const s = await server([{ toolCalls: [{ name: 'bash', arguments: { command: 'cat "$HOME/.npmrc"; echo done' } }] }, { text: 'ok' }]);
    const r = await runTack(['-p', '--yolo', '--base-url', s.url, '-m', 'm', 'try'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const result = toolResults(s.chatRequests()[1]);
    expect(result).toContain('done');
    expect(result).not.toContain('fake-token-for-tests');
  });

  it('sweeps the private /tmp a killed tack left behind, only where its owner is gone', async () => {
    const { dir, home } = makeProject();
    const tmp = mkdtempSync(join(tmpdir(), 'tack-tmp-'));
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const stale = join(tmp, `tack-sandbox-${dead}-abc123`);
    const live = join(tmp, `tack-sandbox-${process.pid}-def456`);
    const other = join(tmp, 'tack-sandbox-notours');
    for (const d of [stale, live, other]) mkdirSync(join(d, 'sub'), { recursive: true });
    const s = await server([{ toolCalls: [{ name: 'bash', arguments: { command: 'echo hi > /tmp/x' } }] }, { text: 'ok' }]);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'try'], { cwd: dir, home, env: { TMPDIR: tmp } });
    expect(r.code).toBe(0);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});
