// A goal set by a program: `set_goal` over stream-json, and `/goal` in an ACP prompt (advertised
// in the client's command menu). The check's failure goes to the model; the work ends when it passes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROTOCOL_VERSION } from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { startAcp, type AcpChild } from '../support/acp-client.js';
import { makeProject } from '../support/cli.js';
import { spawnJsonChild, type JsonChild } from '../support/json-child.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();
const children: JsonChild[] = [];
const acps: AcpChild[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await Promise.all(acps.splice(0).map((c) => c.close()));
});

function project() {
  const p = makeProject();
  writeFileSync(join(p.dir, 'add.js'), 'module.exports = (a, b) => a - b;\n');
  writeFileSync(join(p.dir, 'test.js'), "if (require('./add.js')(2, 3) !== 5) { console.error('FAIL: add is wrong'); process.exit(1); }\n");
  return p;
}

const FIX = [
  { toolCalls: [{ name: 'read', arguments: { path: 'add.js' } }] },
  { toolCalls: [{ name: 'write', arguments: { path: 'add.js', content: 'module.exports = (a, b) => a + b;\n' } }] },
  { text: 'Fixed.' },
];
const lastUser = (body: any): string => body.messages.filter((m: any) => m.role === 'user').at(-1).content;

describe('a goal over stream-json', () => {
  it('set_goal checks at once, the failure goes to the model, goal events follow it, and the result carries it', { timeout: 60_000 }, async () => {
    const s = await server(FIX);
    const p = project();
    const tack = spawnJsonChild(['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '-m', 'm', '--base-url', s.url], {
      cwd: p.dir,
      home: p.home,
    });
    children.push(tack);
    tack.send({ type: 'set_goal', command: '' });
    await tack.waitFor((l) => l.type === 'error' && /needs "command"/.test(l.message));
    tack.send({ type: 'set_goal', command: 'node test.js', tries: 3 });
    await tack.waitFor((l) => l.type === 'goal' && l.goal?.passed === true);
    tack.end();
    expect(await tack.exited).toBe(0);
    expect(lastUser(s.chatRequests()[0]!.body)).toContain("The goal's check `node test.js` exited with 1 (failed check 1 of at most 3)");
    const goals = tack.lines.filter((l) => l.type === 'goal').map((l) => l.goal);
    expect(goals[0]).toMatchObject({ command: 'node test.js', tries: 3, checks: 0, checking: false });
    expect(goals.some((g) => g.checking)).toBe(true);
    expect(goals.at(-1)).toMatchObject({ passed: true, checks: 2, lastExit: 0, end: 'passed' });
    expect(tack.lines.at(-1)).toMatchObject({ type: 'result', is_error: false, goal: { command: 'node test.js', passed: true, tries: 2, last_exit: 0 } });
  });

  it('set_goal with command null clears it', { timeout: 30_000 }, async () => {
    const s = await server([]);
    const p = project();
    const tack = spawnJsonChild(['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '-m', 'm', '--base-url', s.url, '--until', 'false'], {
      cwd: p.dir,
      home: p.home,
    });
    children.push(tack);
    tack.send({ type: 'set_goal', command: null });
    await tack.waitFor((l) => l.type === 'goal' && l.goal === null);
    tack.end();
    // no goal left: nothing was checked, and the run is not a failure
    expect(await tack.exited).toBe(0);
    expect(tack.lines.at(-1)).not.toHaveProperty('goal');
  });
});

describe('a goal over ACP', () => {
  it('/goal is in the command menu; /goal CMD in a prompt checks, sends the failure to the model, and ends when it passes', { timeout: 60_000 }, async () => {
    const s = await server(FIX);
    const p = project();
    const tack = startAcp(['--base-url', s.url, '-m', 'm', '--yolo'], { cwd: p.dir, home: p.home });
    acps.push(tack);
    await tack.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
    const { sessionId } = await tack.agent.request('session/new', { cwd: p.dir, mcpServers: [] });
    const menu = await tack.waitForUpdate((n) => n.update.sessionUpdate === 'available_commands_update');
    expect((menu.update as any).availableCommands.map((c: any) => c.name)).toContain('goal');

    const done = await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: '/goal node test.js' }] });
    expect(done.stopReason).toBe('end_turn');
    expect(lastUser(s.chatRequests()[0]!.body)).toContain("The goal's check `node test.js` exited with 1");
    expect(s.chatRequests()).toHaveLength(3);
    // each check is a tool call of its own: the first failed, the second completed
    const checks = tack.updates
      .map((n) => n.update as any)
      .filter((u) => u.sessionUpdate === 'tool_call_update' && String(u.toolCallId).startsWith('goal-check-'));
    expect(checks.map((u) => u.status)).toEqual(['failed', 'completed']);
    expect(JSON.stringify(checks[1].content)).toContain('goal met: `node test.js` exited with 0 (check 2)');
    const said = tack.updates
      .map((n) => n.update as any)
      .filter((u) => u.sessionUpdate === 'agent_message_chunk')
      .map((u) => u.content.text)
      .join('');
    expect(said).toContain('goal: `node test.js`; checked now');

    const shown = await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: '/goal' }] });
    expect(shown.stopReason).toBe('end_turn');
    const all = tack.updates
      .map((n) => n.update as any)
      .filter((u) => u.sessionUpdate === 'agent_message_chunk')
      .map((u) => u.content.text)
      .join('');
    expect(all).toContain('its last check passed (check 2)');
    expect(s.chatRequests()).toHaveLength(3);
  });
});
