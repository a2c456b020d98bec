// An editor over ACP sees a background job as a tool call of its own, in progress until the job ends.
import { writeFileSync } from 'node:fs';
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

describe('tack --acp', () => {
  it('a background job is a tool call that stays in progress after the turn, until the job ends', async () => {
    const job = 'echo up; while [ ! -e stop-me ]; do sleep 0.1; done; echo down; exit 5';
    const s = await server([
      { toolCalls: [{ name: 'bash', arguments: { command: job, run_in_background: true, wait_for: 'up' } }] },
      { text: 'Started.' },
      { text: 'Seen.' },
    ]);
    const p = makeProject();
    const tack = startAcp(['--base-url', s.url, '-m', 'm', '--yolo'], { cwd: p.dir, home: p.home });
    running.push(tack);
    await tack.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
    const { sessionId } = await tack.agent.request('session/new', { cwd: p.dir, mcpServers: [] });
    const turn = await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'start it' }] });
    expect(turn.stopReason).toBe('end_turn');
    const jobUpdates = () => tack.updates.map((n) => n.update).filter((u) => 'toolCallId' in u && u.toolCallId === 'job-1');
    expect(jobUpdates()).toEqual([
      expect.objectContaining({ sessionUpdate: 'tool_call', title: expect.stringMatching(/^background job 1: echo up/), status: 'in_progress' }),
    ]);

    writeFileSync(join(p.dir, 'stop-me'), '');
    const ended = await tack.waitForUpdate((n) => n.update.sessionUpdate === 'tool_call_update' && 'toolCallId' in n.update && n.update.toolCallId === 'job-1');
    expect(ended.update).toMatchObject({ status: 'failed', content: [{ type: 'content', content: { type: 'text', text: 'exited with code 5\nup\ndown' } }] });
  });
});
