// The model's todo list end to end, with the built CLI and the scripted server: kept across turns
// by id, never dropped, restored by `-c`, reminded of once when stale, and shown to programs
// (stream-json `todo` events) and editors (ACP `plan` updates).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROTOCOL_VERSION } from '@agentclientprotocol/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionsDir } from '../../src/config/paths.js';
import { startAcp, type AcpChild } from '../support/acp-client.js';
import { makeProject, runTack } from '../support/cli.js';
import type { RecordedRequest } from '../support/mock-openai-server.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const server = scriptedServers();
const closing: (() => unknown)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

let callNo = 0;
const todo = (args: Record<string, unknown>) => ({ toolCalls: [{ id: `t${++callNo}`, name: 'todo', arguments: args }] });
/** a call that is not the todo tool (each a little different: the same call thrice stops the run as a loop) */
const ls = () => ({ toolCalls: [{ id: `l${++callNo}`, name: 'ls', arguments: { limit: 100 + callNo } }] });
const reminders = (r: RecordedRequest) => JSON.stringify(r.body.messages).split('<reminder>').length - 1;
/** The result of the request's last tool call, as the model read it. */
const lastResult = (r: RecordedRequest) => toolResultText({ ...r, body: { messages: r.body.messages.filter((m: any) => m.role === 'tool').slice(-1) } });

const tack = (url: string, p: { dir: string; home: string }, ...args: string[]) =>
  runTack(['-p', '--base-url', url, '-m', 'm', ...args], { cwd: p.dir, home: p.home });

describe('the todo tool', () => {
  it('adds, starts and completes items across turns; an unknown id fails in a sentence and drops nothing; -c restores the list', {
    timeout: 60_000,
  }, async () => {
    const s = await server([
      todo({ add: [{ text: 'read calc.js' }, { text: 'fix the sign' }, { text: 'run the tests' }] }),
      todo({ update: [{ id: '1', status: 'in_progress' }] }),
      todo({
        update: [
          { id: '1', status: 'done' },
          { id: '7', status: 'done' },
        ],
      }),
      todo({
        update: [
          { id: '1', status: 'done' },
          { id: '2', status: 'in_progress' },
        ],
      }),
      { text: 'Half way.' },
    ]);
    const p = makeProject({ 'calc.js': 'a - b\n' });
    const r = await tack(s.url, p, 'fix calc.js');
    expect(r.code).toBe(0);
    const seen = s.chatRequests().map(lastResult);
    expect(seen[1]).toBe('Todo list (0/3 done):\n[ ] 1. read calc.js\n[ ] 2. fix the sign\n[ ] 3. run the tests');
    expect(seen[2]).toContain('[>] 1. read calc.js (in progress)');
    // the whole call is refused, in words the model can act on, and the list is as it was
    expect(seen[3]).toBe(
      'no todo item has the id "7" (the ids are 1, 2, 3); nothing was changed.\n\nTodo list (0/3 done):\n[>] 1. read calc.js (in progress)\n[ ] 2. fix the sign\n[ ] 3. run the tests',
    );
    expect(seen[4]).toBe('Todo list (1/3 done):\n[x] 1. read calc.js\n[>] 2. fix the sign (in progress)\n[ ] 3. run the tests');
    // a whole-list replace does not exist: the tool takes only add and update
    const spec = s.chatRequests()[0].body.tools.find((t: any) => t.function.name === 'todo').function;
    expect(Object.keys(spec.parameters.properties)).toEqual(['add', 'update']);
    // each change is an entry of the session file
    const file = readdirSync(sessionsDir(p.home, p.dir)).find((f) => f.endsWith('.jsonl'))!;
    const entries = readFileSync(join(sessionsDir(p.home, p.dir), file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(entries.filter((e) => e.type === 'todos').map((e) => e.items.map((i: any) => i.status).join(','))).toEqual([
      'pending,pending,pending',
      'in_progress,pending,pending',
      'done,in_progress,pending',
    ]);

    // continued: the list is the one left, ids go on from it
    s.push(todo({ update: [{ id: '2', status: 'done' }], add: [{ text: 'write the changelog' }] }), { text: 'Done with the sign.' });
    const again = await tack(s.url, p, '-c', 'go on');
    expect(again.code).toBe(0);
    expect(lastResult(s.chatRequests().at(-1)!)).toBe(
      'Todo list (2/4 done):\n[x] 1. read calc.js\n[x] 2. fix the sign\n[ ] 3. run the tests\n[ ] 4. write the changelog',
    );
  });

  it('reminds the model once of its open items after three turns without a todo call, and again only after the next staleness', {
    timeout: 60_000,
  }, async () => {
    const s = await server([
      todo({ add: [{ text: 'list the files', status: 'in_progress' }, { text: 'write the summary' }] }),
      ls(),
      ls(),
      ls(),
      ls(),
      ls(),
      todo({ update: [{ id: '1', status: 'done' }] }),
      ls(),
      ls(),
      ls(),
      { text: 'Summary written.' },
    ]);
    const p = makeProject({ 'a.txt': 'a\n' });
    expect((await tack(s.url, p, 'summarize the project')).code).toBe(0);
    const requests = s.chatRequests();
    expect(requests.map(reminders)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2]);
    // the reminder rides on the last tool result of the request it first goes into, and stays there
    const fifth = requests[4].body.messages.at(-1);
    expect(fifth.role).toBe('tool');
    const reminder = JSON.stringify(fifth.content).match(/<reminder>.*<\/reminder>/)![0];
    expect(reminder).toContain('3 turns; 2 items are open');
    expect(reminder).toContain('[>] 1. list the files');
    expect(reminder.length).toBeLessThan(600);
    expect(JSON.stringify(requests[5].body.messages)).toContain(reminder);
    const last = JSON.stringify(requests[10].body.messages.at(-1).content);
    expect(last).toContain('[ ] 2. write the summary');
    expect(last).not.toContain('list the files');
  });

  it('gives no reminder when the list is done or cancelled, nor when there is none', { timeout: 60_000 }, async () => {
    const s = await server([
      todo({
        add: [
          { text: 'look', status: 'done' },
          { text: 'maybe later', status: 'cancelled' },
        ],
      }),
      ls(),
      ls(),
      ls(),
      ls(),
      { text: 'Looked.' },
    ]);
    const p = makeProject({ 'a.txt': 'a\n' });
    expect((await tack(s.url, p, 'look around')).code).toBe(0);
    expect(s.chatRequests().map(reminders)).toEqual([0, 0, 0, 0, 0, 0]);

    const none = await server([ls(), ls(), ls(), ls(), { text: 'Nothing to track.' }]);
    expect((await tack(none.url, makeProject({ 'a.txt': 'a\n' }), 'look around')).code).toBe(0);
    expect(none.chatRequests().map(reminders)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('the todo list outside the app', () => {
  it('stream-json: a todo event with the whole list after each change', { timeout: 30_000 }, async () => {
    const s = await server([
      todo({ add: [{ text: 'one' }, { text: 'two' }] }),
      todo({ update: [{ id: '9', status: 'done' }] }),
      todo({ update: [{ id: '1', status: 'done' }] }),
      { text: 'ok' },
    ]);
    const p = makeProject();
    const r = await tack(s.url, p, '--output-format', 'stream-json', 'count to two');
    expect(r.code).toBe(0);
    const events = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    // a refused call changes nothing, so it sends no event
    expect(events.filter((e) => e.type === 'todo')).toEqual([
      {
        type: 'todo',
        items: [
          { id: '1', text: 'one', status: 'pending' },
          { id: '2', text: 'two', status: 'pending' },
        ],
      },
      {
        type: 'todo',
        items: [
          { id: '1', text: 'one', status: 'done' },
          { id: '2', text: 'two', status: 'pending' },
        ],
      },
    ]);
    expect(events.find((e) => e.type === 'session').tools).toContain('todo');
  });

  it('ACP: each change is a plan update (content, priority, status); session/load sends the plan again', { timeout: 60_000 }, async () => {
    const s = await server([
      todo({ add: [{ text: 'read', status: 'in_progress' }, { text: 'edit' }, { text: 'not needed' }] }),
      todo({
        update: [
          { id: '1', status: 'done' },
          { id: '3', status: 'cancelled' },
        ],
      }),
      { text: 'ok' },
    ]);
    const p = makeProject();
    const acp: AcpChild = startAcp(['--base-url', s.url, '-m', 'm'], { cwd: p.dir, home: p.home });
    closing.push(() => acp.close());
    await acp.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
    const { sessionId } = await acp.agent.request('session/new', { cwd: p.dir, mcpServers: [] });
    const done = await acp.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'plan it' }] });
    expect(done.stopReason).toBe('end_turn');
    expect(acp.permissions).toEqual([]);
    const plans = acp.updates.filter((u) => u.update.sessionUpdate === 'plan').map((u) => u.update);
    expect(plans).toEqual([
      {
        sessionUpdate: 'plan',
        entries: [
          { content: 'read', priority: 'medium', status: 'in_progress' },
          { content: 'edit', priority: 'medium', status: 'pending' },
          { content: 'not needed', priority: 'medium', status: 'pending' },
        ],
      },
      // ACP has no "cancelled": a cancelled item leaves the plan
      {
        sessionUpdate: 'plan',
        entries: [
          { content: 'read', priority: 'medium', status: 'completed' },
          { content: 'edit', priority: 'medium', status: 'pending' },
        ],
      },
    ]);
    await acp.close();

    const again: AcpChild = startAcp(['--base-url', s.url, '-m', 'm'], { cwd: p.dir, home: p.home });
    closing.push(() => again.close());
    await again.agent.request('initialize', { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} });
    await again.agent.request('session/load', { sessionId, cwd: p.dir, mcpServers: [] });
    expect(again.updates.filter((u) => u.update.sessionUpdate === 'plan').at(-1)?.update).toEqual(plans[1]);
  });
});
