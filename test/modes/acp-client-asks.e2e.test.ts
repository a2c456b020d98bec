// A client that asks its own question on every `fs/write_text_file` (acpx) gets one question per
// edit, not tack's and then its own; a client that writes silently (an editor) still gets tack's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROTOCOL_VERSION } from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { startAcp, type AcpChild } from '../support/acp-client.js';
import { makeProject } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();
const running: AcpChild[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.close()));
});

const FS = { fs: { readTextFile: true, writeTextFile: true } };

/** Edits of calc.js, util.js and .env, the client answering yes to tack and counting its own write questions. */
async function editAs(clientName: string) {
  const s = await server([
    { toolCalls: [{ id: 'c1', name: 'edit', arguments: { path: 'calc.js', old_text: 'a - b', new_text: 'a + b' } }] },
    { toolCalls: [{ id: 'c2', name: 'edit', arguments: { path: 'util.js', old_text: 'x', new_text: 'y' } }] },
    { toolCalls: [{ id: 'c3', name: 'edit', arguments: { path: '.env', old_text: 'TOKEN=old', new_text: 'TOKEN=new' } }] },
    { text: 'done' },
  ]);
  const p = makeProject({ 'calc.js': 'return a - b;\n', 'util.js': 'return x;\n', '.env': 'TOKEN=old\n' });
  const asked: string[] = [];
  const buffers = new Map<string, string>();
  const tack = startAcp(
    ['--base-url', s.url, '-m', 'm'],
    { cwd: p.dir, home: p.home },
    {
      permission: () => ({ outcome: { outcome: 'selected' as const, optionId: 'y' } }),
      read: ({ path }) => buffers.get(path) ?? readFileSync(path, 'utf8'),
      // where acpx asks "Allow write to …?": every write the client is sent
      write: ({ path }) => {
        asked.push(path);
      },
    },
  );
  running.push(tack);
  await tack.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: FS, clientInfo: { name: clientName, version: '1.0.0' } });
  const { sessionId } = await tack.agent.request('session/new', { cwd: p.dir, mcpServers: [] });
  const done = await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'fix calc.js' }] });
  expect(done.stopReason).toBe('end_turn');
  return { permissions: tack.permissions.map((r) => r.toolCall.toolCallId), writes: asked, dir: p.dir };
}

describe('ACP: one question per edit', () => {
  it('acpx: a routine edit is asked by the client on its write only; an edit of a secret file still asks tack first', { timeout: 60_000 }, async () => {
    const r = await editAs('acpx');
    expect(r.permissions).toEqual(['c3']);
    expect(r.writes).toEqual([join(r.dir, 'calc.js'), join(r.dir, 'util.js'), join(r.dir, '.env')]);
  });

  it("a client that writes without asking (an editor) gets tack's question for every edit", { timeout: 60_000 }, async () => {
    const r = await editAs('zed');
    expect(r.permissions).toEqual(['c1', 'c2', 'c3']);
    expect(r.writes).toHaveLength(3);
  });

  it("an edit of an unsaved buffer is asked about with the buffer's diff, not skipped because the file on disk differs", { timeout: 60_000 }, async () => {
    const s = await server([
      { toolCalls: [{ id: 'c1', name: 'edit', arguments: { path: 'calc.js', old_text: '// unsaved', new_text: '// fixed' } }] },
      { text: 'done' },
    ]);
    const p = makeProject({ 'calc.js': 'return a - b; // saved\n' });
    const buffer = join(p.dir, 'calc.js');
    const buffers = new Map([[buffer, 'return a - b; // unsaved\n']]);
    const tack = startAcp(
      ['--base-url', s.url, '-m', 'm'],
      { cwd: p.dir, home: p.home },
      {
        permission: () => ({ outcome: { outcome: 'selected' as const, optionId: 'n' } }),
        read: ({ path }) => buffers.get(path) ?? readFileSync(path, 'utf8'),
        write: ({ path, content }) => {
          buffers.set(path, content);
        },
      },
    );
    running.push(tack);
    await tack.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: FS, clientInfo: { name: 'zed', version: '1.0.0' } });
    const { sessionId } = await tack.agent.request('session/new', { cwd: p.dir, mcpServers: [] });
    await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'fix it' }] });
    expect(tack.permissions.map((r) => r.toolCall.toolCallId)).toEqual(['c1']);
    const shown = JSON.stringify(tack.permissions[0]!.toolCall.content);
    expect(shown).toContain('-return a - b; // unsaved');
    expect(shown).toContain('+return a - b; // fixed');
    // refused: the buffer is as it was
    expect(buffers.get(buffer)).toBe('return a - b; // unsaved\n');
  });
});
