// Safety end to end: the built CLI in print mode against the scripted server.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probeSandbox } from '../../tools/sandbox/sandbox.js';
import { makeProject, runTack } from '../support/cli.js';
import { startMockServer, type MockServer, type RecordedRequest, type Turn } from '../support/mock-openai-server.js';

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(turns: Turn[], apiKey?: string) {
  const s = await startMockServer({ turns, apiKey });
  servers.push(s);
  return s;
}

/** The text of the tool results the model received in a request. */
const toolResults = (request: RecordedRequest): string =>
  request.body.messages
    .filter((m: any) => m.role === 'tool')
    .map((m: any) => (typeof m.content === 'string' ? m.content : m.content.map((p: any) => p.text).join('')))
    .join('\n');

const bash = (command: string): Turn => ({ toolCalls: [{ name: 'bash', arguments: { command } }] });

function projectWithSettings(settings: object, files: Record<string, string> = {}) {
  return makeProject({ '.tack/config.json': JSON.stringify(settings), ...files });
}

describe('print mode approvals', () => {
  it('refuses a write outside the workspace, and the model is told why', async () => {
    const { dir, home } = makeProject();
    // beside the project, not in TACK_HOME (which the tools may never touch)
    const outside = join(home, '..', 'outside.txt');
    const s = await server([{ toolCalls: [{ name: 'write', arguments: { path: outside, content: 'x' } }] }, { text: 'ok' }]);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'write it'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(existsSync(outside)).toBe(false);
    expect(toolResults(s.chatRequests()[1])).toContain('refused: writing outside the workspace needs --approval yolo or an allow rule');
  });

  it('writes outside the workspace with --approval yolo, and inside it by default', async () => {
    const { dir, home } = makeProject();
    // beside the project, not in TACK_HOME (which the tools may never touch)
    const outside = join(home, '..', 'outside.txt');
    const s = await server([
      {
        toolCalls: [
          { name: 'write', arguments: { path: outside, content: 'x' } },
          { name: 'write', arguments: { path: 'inside.txt', content: 'y' } },
        ],
      },
      { text: 'ok' },
    ]);
    const r = await runTack(['-p', '--approval', 'yolo', '--base-url', s.url, '-m', 'm', 'write them'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(existsSync(outside)).toBe(true);
    expect(existsSync(join(dir, 'inside.txt'))).toBe(true);
  });

  it('a deny rule in the project settings blocks a bash command, even with --yolo', async () => {
    const { dir, home } = projectWithSettings({ permissions: { deny: ['bash(touch*)'] } });
    const s = await server([bash('echo start && timeout 5 touch marker'), { text: 'ok' }]);
    const r = await runTack(['-p', '--trust', '--yolo', '--base-url', s.url, '-m', 'm', 'touch it'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'marker'))).toBe(false);
    expect(toolResults(s.chatRequests()[1])).toContain('"timeout 5 touch marker" is denied by the rule "bash(touch*)" in permissions.deny');
  });

  it('refuses to start on a permission rule it does not understand', async () => {
    const { dir, home } = projectWithSettings({ permissions: { allow: ['npm test'] } });
    const r = await runTack(['-p', '--trust', '--base-url', 'http://127.0.0.1:9/v1', '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the permission rule "npm test" in permissions.allow is not understood');
  });

  it('stops a model that repeats the same call, with a clear message and exit code 1', async () => {
    const { dir, home } = makeProject();
    const s = await server([bash('echo again'), bash('echo again'), bash('echo again'), { text: 'never reached' }]);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'loop'], { cwd: dir, home });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('tack: stopped: the model made the same call 3 times in a row (Run echo again); it looks stuck in a loop\n');
    expect(s.chatRequests()).toHaveLength(3);
  });
});

describe('secrets', () => {
  const probe = probeSandbox();
  const modes = probe.ok ? ['on', 'off'] : ['off'];
  if (!probe.ok) console.warn(`secrets test runs without the sandbox only: ${probe.reason}`);

  for (const sandbox of modes) {
    it(`bash sees no secret variables and never tack's own key (--sandbox ${sandbox})`, async () => {
      const { dir, home } = projectWithSettings({ apiKeyEnv: 'MY_LLM', env: { allow: ['NPM_TOKEN', 'MY_LLM'] } });
      const s = await server(
        [bash('echo "secret=[$MY_SECRET_TOKEN] aws=[$AWS_SECRET_ACCESS_KEY] own=[$MY_LLM] allowed=[$NPM_TOKEN] plain=[$PLAIN_VAR]"'), { text: 'ok' }],
        'sk-own-999',
      );
      const env = { MY_SECRET_TOKEN: 'hunter2', AWS_SECRET_ACCESS_KEY: 'aws-xyz', MY_LLM: 'sk-own-999', NPM_TOKEN: 'npm-123', PLAIN_VAR: 'visible' };
      const r = await runTack(['-p', '--trust', '--sandbox', sandbox, '--base-url', s.url, '-m', 'm', 'print env'], { cwd: dir, home, env });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const result = toolResults(s.chatRequests()[1]);
      expect(result).toContain('secret=[] aws=[] own=[] allowed=[npm-123] plain=[visible]');
      expect(result).not.toContain('hunter2');
    });
  }
});

describe.skipIf(!probeSandbox().ok)('the sandbox through the CLI', () => {
  it('keeps $HOME read-only and its credentials hidden, even with --yolo', async () => {
    const { dir, home } = makeProject();
    const userHome = join(home, '..'); // $HOME of the tack process (see cleanEnv)
    mkdirSync(join(userHome, '.ssh'), { recursive: true });
    writeFileSync(join(userHome, '.ssh', 'id_rsa'), 'PRIVATE KEY');
    const s = await server([bash('echo x > "$HOME/outside.txt"; cat "$HOME/.ssh/id_rsa"; echo inside > inside.txt'), { text: 'ok' }]);
    const r = await runTack(['-p', '--yolo', '--base-url', s.url, '-m', 'm', 'try'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const result = toolResults(s.chatRequests()[1]);
    expect(result).toContain('Read-only file system');
    expect(result).toContain('id_rsa: No such file or directory');
    expect(result).not.toContain('PRIVATE KEY');
    expect(existsSync(join(userHome, 'outside.txt'))).toBe(false);
    expect(existsSync(join(dir, 'inside.txt'))).toBe(true);
  });

  it('explains a failed command the sandbox stopped', async () => {
    const { dir, home } = makeProject();
    const s = await server([bash('touch /etc/tack-sandbox-probe'), { text: 'ok' }]);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'try'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(existsSync('/etc/tack-sandbox-probe')).toBe(false);
    expect(toolResults(s.chatRequests()[1])).toContain('writing outside the workspace is blocked by the sandbox');
  });
});
