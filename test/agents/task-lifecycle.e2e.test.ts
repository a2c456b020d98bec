// A child's calls meet the parent's hooks (named in the payload); an interrupt stops the children
// with the parent; a kill -9 mid-child leaves every file readable and `tack -c` answers every call;
// an editor over ACP sees a child as its task call with progress.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROTOCOL_VERSION } from '@agentclientprotocol/sdk';
import { describe, expect, it } from 'vitest';
import { startAcp } from '../support/acp-client.js';
import { collect, makeProject, runTack, spawnTack } from '../support/cli.js';
import type { MockServer } from '../support/mock-openai-server.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const server = scriptedServers();

const task = (id: string, prompt: string) => ({ id, name: 'task', arguments: { description: 'look', prompt } });

async function untilRequests(s: MockServer, n: number): Promise<void> {
  while (s.chatRequests().length < n) await sleep(20);
}

/** Every JSONL file under the session folder, parsed line by line (a torn line would throw). */
function sessionFiles(home: string): { path: string; lines: any[] }[] {
  const root = join(home, 'sessions');
  const out: { path: string; lines: any[] }[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith('.jsonl')) {
        const text = readFileSync(join(dir, e.name), 'utf8');
        out.push({
          path: join(dir, e.name),
          lines: text
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l)),
        });
      }
    }
  };
  walk(root);
  return out;
}

describe('children under the parent', () => {
  it("PreToolUse and PostToolUse hooks fire for a child's call, with the agent's name in the payload", async () => {
    const s = await server([
      { toolCalls: [task('call_h', 'list the folder')] },
      { toolCalls: [{ name: 'ls', arguments: {} }] },
      { text: 'two files' },
      { text: 'ok' },
    ]);
    const { dir, home } = makeProject({ 'a.txt': 'a\n' });
    const hook = (file: string) => [{ matcher: 'LS', hooks: [{ type: 'command', command: `cat > "$TACK_PROJECT_DIR/../${file}"` }] }];
    writeFileSync(join(home, 'config.json'), JSON.stringify({ hooks: { PreToolUse: hook('pre.json'), PostToolUse: hook('post.json') } }));
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'look'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, '..', 'pre.json'), 'utf8'))).toMatchObject({ tool_name: 'LS', agent_name: 'explore' });
    expect(JSON.parse(readFileSync(join(dir, '..', 'post.json'), 'utf8'))).toMatchObject({ tool_name: 'LS', agent_name: 'explore' });
  });

  it('an interrupt while a child waits on the server stops the child with the parent; the task call is answered', async () => {
    const s = await server([{ toolCalls: [task('call_i', 'take your time')] }, { hang: true }]);
    const { dir, home } = makeProject();
    const child = spawnTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    const done = collect(child);
    await untilRequests(s, 2);
    child.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(130);
    const parent = sessionFiles(home).find((f) => !f.path.includes('.agents'))!;
    const result = parent.lines.find((l) => l.type === 'message' && l.message.role === 'toolResult');
    expect(result.message.toolCallId).toBe('call_i');
    expect(result.message.content[0].text).toContain('The explore agent was interrupted before it finished.');
  });

  it('kill -9 mid-child: every file stays readable, and tack -c answers the task call and goes on', async () => {
    const s = await server([{ toolCalls: [task('call_k', 'look around')] }, { toolCalls: [{ name: 'ls', arguments: {} }] }, { hang: true }]);
    const { dir, home } = makeProject({ 'a.txt': 'a\n' });
    const child = spawnTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    const done = collect(child);
    await untilRequests(s, 3);
    child.kill('SIGKILL');
    await done;
    const files = sessionFiles(home);
    expect(files).toHaveLength(2);
    const sidecar = files.find((f) => f.path.includes('.agents'))!;
    expect(sidecar.lines.filter((l) => l.type === 'message').map((l) => l.message.role)).toEqual(['user', 'assistant', 'toolResult']);
    s.push({ text: 'picked up' });
    const again = await runTack(['-p', '-c', '--base-url', s.url, '-m', 'm', 'go on'], { cwd: dir, home });
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('picked up\n');
    expect(toolResultText(s.chatRequests()[3]!)).toContain('interrupted');
  });
});

describe('editors over ACP', () => {
  it('a child shows as its task tool call, with progress updates, and completes with its report', { timeout: 30_000 }, async () => {
    const s = await server([
      { toolCalls: [task('call_acp', 'list it')] },
      { toolCalls: [{ name: 'ls', arguments: {} }] },
      { text: 'one file' },
      { text: 'ok' },
    ]);
    const { dir, home } = makeProject({ 'a.txt': 'a\n' });
    const tack = startAcp(['--base-url', s.url, '-m', 'm'], { cwd: dir, home }, {});
    try {
      await tack.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
      const { sessionId } = await tack.agent.request('session/new', { cwd: dir, mcpServers: [] });
      const done = await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'go' }] });
      expect(done.stopReason).toBe('end_turn');
      const mine = tack.updates.map((u) => u.update as any).filter((u) => u.toolCallId === 'call_acp');
      const texts = mine.flatMap((u) => (u.content ?? []).map((c: any) => c.content?.text ?? ''));
      expect(texts.some((t: string) => t.startsWith('explore: ls'))).toBe(true);
      expect(mine.at(-1)).toMatchObject({ status: 'completed' });
      expect(texts.at(-1)).toBe('one file');
    } finally {
      await tack.close();
    }
  });
});
