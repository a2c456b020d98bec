// Plan mode driven by programs: stream-json's `set_mode` and the plan's approval over the approval
// messages; ACP's `session/set_mode` with the `plan` mode and the plan's permission request.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROTOCOL_VERSION } from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { startAcp, type AcpChild } from '../support/acp-client.js';
import { makeProject, runTack } from '../support/cli.js';
import { spawnJsonChild, type JsonChild } from '../support/json-child.js';
import { scriptedServers } from '../support/scripted.js';
import { call, FILES, lastResult, PLAN } from './support.js';

const server = scriptedServers();
const children: JsonChild[] = [];
const acps: AcpChild[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await Promise.all(acps.splice(0).map((c) => c.close()));
});

const rename = call('edit', { path: 'src/a.ts', old_text: 'greet', new_text: 'hello' });
const user = (content: string) => ({ type: 'user', message: { role: 'user', content } });

describe('stream-json', () => {
  it('set_mode plan: a write is refused; the plan is an approval_request, and "keep planning", then "a", change the mode', { timeout: 60_000 }, async () => {
    const s = await server([
      call('write', { path: 'new.txt', content: 'x' }),
      call('exit_plan_mode', { plan: PLAN }),
      call('exit_plan_mode', { plan: `${PLAN}3. Rename b too.\n` }),
      rename,
      { text: 'renamed' },
    ]);
    const p = makeProject(FILES);
    const flags = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--permission-prompt', 'stdio', '-m', 'm', '--base-url', s.url];
    const tack = spawnJsonChild(flags, { cwd: p.dir, home: p.home });
    children.push(tack);
    tack.send({ type: 'set_mode', mode: 'plan' });
    await tack.waitFor((l) => l.type === 'mode_changed' && l.mode === 'plan');
    tack.send({ type: 'set_mode', mode: 'nope' });
    await tack.waitFor((l) => l.type === 'error' && l.source === 'input' && String(l.message).includes('"mode" must be one of ask, auto-edit, yolo, plan'));
    tack.send(user('rename greet'));
    const first = await tack.waitFor((l) => l.type === 'approval_request');
    expect(first).toMatchObject({ kind: 'plan', tool: 'exit_plan_mode', plan: PLAN });
    expect(first.choices).toEqual([
      { key: 'a', decision: 'allow', label: 'Yes, go ahead and accept edits (auto-edit)' },
      { key: 'y', decision: 'allow', label: 'Yes, go ahead and ask before each edit (ask)' },
      { key: 'n', decision: 'deny', label: 'No, keep planning (tell the model what to change)' },
    ]);
    tack.send({ type: 'approval_response', id: first.id, decision: 'deny', reason: 'rename b too' });
    const second = await tack.waitFor((l) => l.type === 'approval_request' && l.id !== first.id);
    tack.send({ type: 'approval_response', id: second.id, decision: 'allow', choice: 'a' });
    await tack.waitFor((l) => l.type === 'mode_changed' && l.mode === 'auto-edit');
    await tack.waitFor((l) => l.type === 'agent_end');
    tack.end();
    expect(await tack.exited).toBe(0);
    const requests = s.chatRequests();
    expect(lastResult(requests[1]!)).toContain('plan mode: write changes files');
    expect(lastResult(requests[2]!)).toContain('The user wants to keep planning: rename b too.');
    expect(lastResult(requests[3]!)).toContain('the approval mode is now auto-edit');
    // auto-edit: the edit ran without another question
    expect(readFileSync(join(p.dir, 'src/a.ts'), 'utf8')).toContain('hello');
    expect(tack.lines.filter((l) => l.type === 'approval_request')).toHaveLength(2);
  });

  it('without anyone to answer, the run ends with the plan as the result', { timeout: 30_000 }, async () => {
    const s = await server([call('exit_plan_mode', { plan: PLAN })]);
    const p = makeProject(FILES);
    const flags = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--approval', 'plan', '-m', 'm', '--base-url', s.url];
    const tack = spawnJsonChild(flags, { cwd: p.dir, home: p.home });
    children.push(tack);
    tack.send(user('plan the rename'));
    await tack.waitFor((l) => l.type === 'agent_end');
    tack.end();
    expect(await tack.exited).toBe(0);
    expect(tack.lines.at(-1)).toMatchObject({ type: 'result', is_error: false, result: PLAN.trim() });
    // the session (its plan entry included) continues with -c, the plan in the conversation
    const next = await server([{ text: 'going ahead' }]);
    const r = await runTack(['-p', '-c', '--approval', 'auto-edit', '--base-url', next.url, '-m', 'm', 'go ahead'], { cwd: p.dir, home: p.home });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('going ahead\n');
    expect(JSON.stringify(next.chatRequests()[0]!.body.messages)).toContain('Rename `greet` to `hello`');
  });
});

describe('ACP', () => {
  it('offers the plan mode; session/set_mode plan refuses a write, and the plan is a permission request whose "a" goes ahead', {
    timeout: 60_000,
  }, async () => {
    const s = await server([call('write', { path: 'new.txt', content: 'x' }), call('exit_plan_mode', { plan: PLAN }), rename, { text: 'renamed' }]);
    const p = makeProject(FILES);
    const tack = startAcp(
      ['--base-url', s.url, '-m', 'm'],
      { cwd: p.dir, home: p.home },
      { permission: () => ({ outcome: { outcome: 'selected', optionId: 'a' } }) },
    );
    acps.push(tack);
    await tack.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
    const { sessionId, modes } = await tack.agent.request('session/new', { cwd: p.dir, mcpServers: [] });
    expect(modes?.availableModes.map((m) => m.id)).toEqual(['ask', 'auto-edit', 'yolo', 'plan']);
    await tack.agent.request('session/set_mode', { sessionId, modeId: 'plan' });
    await tack.waitForUpdate((n) => n.update.sessionUpdate === 'current_mode_update' && n.update.currentModeId === 'plan');
    const done = await tack.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'rename greet' }] });
    expect(done.stopReason).toBe('end_turn');
    // one question: the plan's (the edit after it ran in auto-edit)
    expect(tack.permissions).toHaveLength(1);
    const asked = tack.permissions[0]!;
    expect(asked.options.map((o) => o.optionId)).toEqual(['a', 'y', 'n']);
    expect(JSON.stringify(asked.toolCall.content)).toContain('Rename `greet` to `hello`');
    expect(tack.updates.map((n) => n.update)).toContainEqual({ sessionUpdate: 'current_mode_update', currentModeId: 'auto-edit' });
    const requests = s.chatRequests();
    expect(lastResult(requests[1]!)).toContain('plan mode: write changes files');
    expect(lastResult(requests[2]!)).toContain('the approval mode is now auto-edit');
    expect(readFileSync(join(p.dir, 'src/a.ts'), 'utf8')).toContain('hello');
  });
});
