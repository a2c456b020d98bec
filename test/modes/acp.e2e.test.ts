// `tack --acp` driven by the ACP SDK's client side, as an editor drives it.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROTOCOL_VERSION } from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { startAcp, type AcpChild } from '../support/acp-client.js';
import { makeProject } from '../support/cli.js';
import { TEST_SERVER_PATH, callTool, mcpProject } from '../support/mcp.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const server = scriptedServers();
const running: AcpChild[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.close()));
});

function start(url: string, p: { dir: string; home: string }, handlers: Parameters<typeof startAcp>[2] = {}): AcpChild {
  const c = startAcp(['--base-url', url, '-m', 'm'], { cwd: p.dir, home: p.home }, handlers);
  running.push(c);
  return c;
}

const FS = { fs: { readTextFile: true, writeTextFile: true } };
const allow =
  (optionId = 'y') =>
  () => ({ outcome: { outcome: 'selected' as const, optionId } });

/** Every stdout line is a JSON-RPC 2.0 message. */
function onlyProtocol(raw: string) {
  for (const line of raw.split('\n').filter(Boolean)) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
}

describe('tack --acp', () => {
  it('reads and edits an unsaved buffer via the client after a permission answer, cancels mid-stream, loads the session again', {
    timeout: 60_000,
  }, async () => {
    const s = await server([
      { toolCalls: [{ id: 'c0', name: 'read', arguments: { path: 'calc.js' } }] },
      { toolCalls: [{ id: 'c1', name: 'edit', arguments: { path: 'calc.js', old_text: 'a - b', new_text: 'a + b' } }] },
      { text: 'Fixed the sign.' },
      { hang: true, afterText: 'Thinking about ' },
    ]);
    const p = makeProject({ 'calc.js': 'return a - b; // saved\n' });
    // the editor's buffer holds an unsaved change the file on disk does not have
    const buffers = new Map([[join(p.dir, 'calc.js'), 'return a - b; // unsaved\n']]);
    const writes: { path: string; content: string }[] = [];
    const tack = start(s.url, p, {
      permission: allow('y'),
      read: ({ path }) => buffers.get(path) ?? readFileSync(path, 'utf8'),
      write: ({ path, content }) => {
        writes.push({ path, content });
        buffers.set(path, content);
      },
    });

    const init = await tack.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: FS });
    expect(init.agentCapabilities).toMatchObject({ loadSession: true, promptCapabilities: { image: true, embeddedContext: true } });
    const created = await tack.agent.request('session/new', { cwd: p.dir, mcpServers: [] });
    expect(created.modes?.currentModeId).toBe('ask');
    const sessionId = created.sessionId;

    const done = await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'fix calc.js' }] });
    expect(done.stopReason).toBe('end_turn');
    expect(tack.permissions).toHaveLength(1);
    expect(tack.permissions[0].toolCall).toMatchObject({ toolCallId: 'c1', kind: 'edit', locations: [{ path: join(p.dir, 'calc.js') }] });
    expect(tack.permissions[0].options.map((o) => o.kind)).toContain('allow_once');
    expect(writes).toEqual([{ path: join(p.dir, 'calc.js'), content: 'return a + b; // unsaved\n' }]);
    expect(readFileSync(join(p.dir, 'calc.js'), 'utf8')).toBe('return a - b; // saved\n');
    // what the model read was the buffer too
    expect(toolResultText(s.chatRequests()[1])).toContain('return a - b; // unsaved');

    const updates = tack.updates.map((n) => n.update);
    expect(updates).toContainEqual(
      expect.objectContaining({
        sessionUpdate: 'tool_call',
        toolCallId: 'c1',
        kind: 'edit',
        status: 'pending',
        content: [{ type: 'diff', path: join(p.dir, 'calc.js'), oldText: 'a - b', newText: 'a + b' }],
      }),
    );
    expect(updates).toContainEqual(expect.objectContaining({ sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed' }));
    const said = updates.flatMap((u) => (u.sessionUpdate === 'agent_message_chunk' && u.content.type === 'text' ? [u.content.text] : [])).join('');
    expect(said).toBe('Fixed the sign.');

    // cancel while the answer streams
    const pending = tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'and explain' }] });
    await tack.waitForUpdate(
      (n) => n.update.sessionUpdate === 'agent_message_chunk' && n.update.content.type === 'text' && n.update.content.text.includes('Thinking'),
    );
    await tack.agent.notify('session/cancel', { sessionId });
    expect((await pending).stopReason).toBe('cancelled');
    onlyProtocol(tack.rawStdout());
    await tack.close();

    // a new editor process continues the stored session
    const again = start(s.url, p);
    await again.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
    await again.agent.request('session/load', { sessionId, cwd: p.dir, mcpServers: [] });
    const replayed = again.updates.map((n) => n.update);
    expect(replayed[0]).toMatchObject({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'fix calc.js' } });
    expect(replayed).toContainEqual(expect.objectContaining({ sessionUpdate: 'tool_call_update', toolCallId: 'c1', status: 'completed' }));
    expect(replayed).toContainEqual({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Fixed the sign.' } });
  });

  it('a prompt sent while a command runs steers: the model gets the tool result, then the new prompt', { timeout: 60_000 }, async () => {
    const s = await server([
      { toolCalls: [{ id: 'c1', name: 'bash', arguments: { command: 'while [ ! -f go ]; do sleep 0.05; done; echo slow-done' } }] },
      { text: 'ok' },
    ]);
    const p = makeProject();
    const tack = start(s.url, p, { permission: allow('y') });
    await tack.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
    const { sessionId } = await tack.agent.request('session/new', { cwd: p.dir, mcpServers: [] });
    await tack.agent.request('session/set_mode', { sessionId, modeId: 'yolo' });
    const first = tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'run it' }] });
    await tack.waitForUpdate((n) => n.update.sessionUpdate === 'tool_call_update' && n.update.status === 'in_progress');
    const second = tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'and then stop' }] });
    // requests are handled in order: once this one is answered, the prompt before it has been queued
    await tack.agent.request('session/set_mode', { sessionId, modeId: 'yolo' });
    writeFileSync(join(p.dir, 'go'), '');
    expect((await first).stopReason).toBe('end_turn');
    expect((await second).stopReason).toBe('end_turn');
    expect(tack.permissions).toHaveLength(0);
    const messages = s.chatRequests()[1].body.messages;
    const toolAt = messages.findIndex((m: any) => m.role === 'tool');
    const steerAt = messages.findIndex((m: any) => m.role === 'user' && JSON.stringify(m.content).includes('and then stop'));
    expect(JSON.stringify(messages[toolAt].content)).toContain('slow-done');
    expect(steerAt).toBeGreaterThan(toolAt);
  });

  it("an untrusted folder's settings do not apply, its notice goes to the log, and stdout stays protocol only", { timeout: 60_000 }, async () => {
    const s = await server([{ toolCalls: [{ id: 'c1', name: 'bash', arguments: { command: 'touch pwned' } }] }, { text: 'ok' }]);
    const p = makeProject({ '.tack/config.json': JSON.stringify({ approval: 'yolo' }) });
    const tack = start(s.url, p, { permission: () => ({ outcome: { outcome: 'selected', optionId: 'n' } }) });
    await tack.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
    await expect(tack.agent.request('session/new', { cwd: 'project', mcpServers: [] })).rejects.toThrow('cwd must be an absolute path');
    const { sessionId, modes } = await tack.agent.request('session/new', { cwd: p.dir, mcpServers: [] });
    expect(modes?.currentModeId).toBe('ask');
    await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'go' }] });
    expect(tack.permissions).toHaveLength(1);
    expect(existsSync(join(p.dir, 'pwned'))).toBe(false);
    onlyProtocol(tack.rawStdout());
    expect(readFileSync(join(p.home, 'logs', 'acp.log'), 'utf8')).toContain('.tack/config.json');
  });

  it('a link leading out of the workspace is replaced on disk, never written through the editor', { timeout: 60_000 }, async () => {
    const s = await server([{ toolCalls: [{ id: 'c1', name: 'write', arguments: { path: 'notes.txt', content: 'planted' } }] }, { text: 'ok' }]);
    const p = makeProject();
    const outside = join(p.dir, '..', 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'target.txt'), 'precious');
    symlinkSync(join(outside, 'target.txt'), join(p.dir, 'notes.txt'));
    const writes: string[] = [];
    const tack = start(s.url, p, {
      permission: allow('y'),
      read: ({ path }) => readFileSync(path, 'utf8'),
      // an editor follows links when it saves
      write: ({ path, content }) => {
        writes.push(path);
        writeFileSync(path, content);
      },
    });
    await tack.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: FS });
    const { sessionId } = await tack.agent.request('session/new', { cwd: p.dir, mcpServers: [] });
    await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'write notes' }] });
    expect(writes).toEqual([]);
    expect(readFileSync(join(outside, 'target.txt'), 'utf8')).toBe('precious');
    expect(readFileSync(join(p.dir, 'notes.txt'), 'utf8')).toBe('planted');
  });

  it('connects the MCP servers the client passes and offers their tools; a call asks like any MCP tool', { timeout: 60_000 }, async () => {
    const s = await server([callTool('mcp__editor_tools__echo', { message: 'from the editor' }), { text: 'ok' }]);
    const p = mcpProject({});
    const tack = start(s.url, p, { permission: allow('y') });
    await tack.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
    const { sessionId } = await tack.agent.request('session/new', {
      cwd: p.dir,
      mcpServers: [{ name: 'editor tools', command: process.execPath, args: [TEST_SERVER_PATH], env: [] }],
    });
    await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'echo' }] });
    expect(tack.permissions.map((r) => r.toolCall.toolCallId)).toHaveLength(1);
    expect(s.chatRequests()[0].body.tools.map((t: any) => t.function.name)).toContain('mcp__editor_tools__echo');
    expect(toolResultText(s.chatRequests()[1])).toContain('from the editor');
  });
});

describe('tack --acp with the user’s commands and hooks', () => {
  it('expands a custom command and lets a UserPromptSubmit hook refuse a prompt (stop reason "refusal", nothing sent)', { timeout: 60_000 }, async () => {
    const s = await server([{ text: 'reviewed' }]);
    const p = makeProject({ 'calc.js': 'return a - b;\n' });
    mkdirSync(join(p.home, 'commands'), { recursive: true });
    writeFileSync(join(p.home, 'commands', 'review.md'), '---\ndescription: review a file\n---\nReview $ARGUMENTS carefully.\n');
    const hook = `grep -q secret && { echo "no secrets in prompts" >&2; exit 2; }; exit 0`;
    writeFileSync(join(p.home, 'config.json'), JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: hook }] }] } }));
    const tack = start(s.url, p);
    await tack.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: FS });
    const { sessionId } = await tack.agent.request('session/new', { cwd: p.dir, mcpServers: [] });

    const reviewed = await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: '/review calc.js' }] });
    expect(reviewed.stopReason).toBe('end_turn');
    expect(JSON.stringify(s.chatRequests()[0]!.body.messages)).toContain('Review calc.js carefully.');

    const refused = await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'the secret is 42' }] });
    expect(refused.stopReason).toBe('refusal');
    expect(s.chatRequests()).toHaveLength(1);
    const said = tack.updates.map((n) => n.update).filter((u) => u.sessionUpdate === 'agent_message_chunk');
    expect(JSON.stringify(said)).toContain('no secrets in prompts');
  });
});
