// Children keep the parent's prompt cache on a local server with slots (llama-server): on one slot a
// child starts as a fork of the parent's exact prompt and runs on the parent's slot; with N slots the
// parent keeps the last one from its first request on and children take the others, as many at once
// as the server's KV budget holds beside the parent; a server that reports no slots is never sent one.
import { describe, expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import type { RecordedRequest, Turn } from '../support/mock-openai-server.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const server = scriptedServers();

const systemOf = (r: RecordedRequest): string => r.body.messages[0].content;
const lastUser = (r: RecordedRequest): string => {
  const m = [...r.body.messages].reverse().find((x: any) => x.role === 'user');
  return typeof m.content === 'string' ? m.content : m.content.map((p: any) => p.text).join('');
};
const task = (id: string, prompt: string) => ({ id, name: 'task', arguments: { description: 'look', prompt } });
/** A child's first request calls `call`; its next one reports. */
const childTurn =
  (call: { name: string; arguments: Record<string, unknown> }): Turn =>
  (request) =>
    request.body.messages.at(-1).role === 'tool' ? { text: `report: ${toolResultText(request).split('\n')[0]}` } : { toolCalls: [call] };

describe('children and the server slots', () => {
  it('one slot: each child is a fork of the parent’s last prompt (same system prompt, tools and messages, then its job) on slot 0; a tool it may not use is refused', async () => {
    const s = await server(
      [
        { toolCalls: [{ name: 'read', arguments: { path: 'a.txt' } }] },
        { toolCalls: [task('call_a', 'job A: read a.txt'), task('call_b', 'job B: write b.txt')] },
        childTurn({ name: 'read', arguments: { path: 'a.txt' } }),
        childTurn({ name: 'read', arguments: { path: 'a.txt' } }),
        childTurn({ name: 'write', arguments: { path: 'b.txt', content: 'x' } }),
        childTurn({ name: 'write', arguments: { path: 'b.txt', content: 'x' } }),
        { text: 'done' },
      ],
      { slots: 1 },
    );
    const { dir, home } = makeProject({ 'a.txt': 'alpha\n' });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'look'], { cwd: dir, home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const chats = s.chatRequests();
    expect(chats).toHaveLength(7);
    const [first, parent, childA, childA2, childB, , last] = chats;
    for (const c of chats) expect(c.body.id_slot).toBe(0);
    for (const child of [childA!, childB!]) {
      expect(systemOf(child)).toBe(systemOf(parent!));
      expect(child.body.tools).toEqual(parent!.body.tools);
      expect(child.body.messages.slice(0, parent!.body.messages.length)).toEqual(parent!.body.messages);
      expect(child.body.messages).toHaveLength(parent!.body.messages.length + 1);
    }
    expect(lastUser(childA!)).toContain('job A');
    expect(lastUser(childA!)).toContain('forked');
    expect(toolResultText(childA2!)).toContain('alpha');
    // explore sees write in the list (the parent's bytes) but may not use it
    expect(toolResultText(chats[5]!)).toContain('refused: the explore agent may use only');
    expect(toolResultText(last!)).toMatch(/report: .*alpha/);
    expect(systemOf(first!)).toBe(systemOf(parent!));
  });

  it('four slots: the parent is on slot 3 from its first request, children on 0-2, fresh conversations; a small KV budget runs them one at a time', async () => {
    const child: Turn = (request) => ({ text: `report ${lastUser(request).includes('job A') ? 'A' : 'B'} on ${request.body.id_slot}` });
    const s = await server([{ toolCalls: [task('call_a', 'job A'), task('call_b', 'job B')] }, child, child, { text: 'both done' }], {
      slots: 4,
      slotContext: 16384,
    });
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'do both'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const [parent, c1, c2, last] = s.chatRequests();
    expect(parent!.body.id_slot).toBe(3);
    expect(last!.body.id_slot).toBe(3);
    expect(systemOf(c1!)).toMatch(/^You are a sub-agent of tack/);
    // 16,384 tokens hold the parent and one child's 8,192: one at a time, each on slot 0
    expect(s.peakConcurrent()).toBe(1);
    expect([c1!.body.id_slot, c2!.body.id_slot]).toEqual([0, 0]);
    expect(toolResultText(last!)).toBe('report A on 0\nreport B on 0');
  });

  it('four slots and room: two children run at once on slots 0 and 1', async () => {
    let arrived = 0;
    let bothHere: () => void = () => {};
    const both = new Promise<void>((resolve) => (bothHere = resolve));
    const child: Turn = (request) => {
      if (++arrived === 2) bothHere();
      return { until: both, turn: { text: `on ${request.body.id_slot}` } };
    };
    const s = await server([{ toolCalls: [task('call_a', 'job A'), task('call_b', 'job B')] }, child, child, { text: 'both done' }], {
      slots: 4,
      slotContext: 65536,
    });
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'do both'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(s.peakConcurrent()).toBe(2);
    expect(toolResultText(s.chatRequests()[3]!).split('\n').sort()).toEqual(['on 0', 'on 1']);
  });

  it('a server that reports no slots is never sent one', async () => {
    const s = await server([{ toolCalls: [task('call_a', 'job A')] }, { text: 'report' }, { text: 'done' }]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    for (const c of s.chatRequests()) expect(c.body).not.toHaveProperty('id_slot');
  });
});

it("a slot's n_ctx is the window compaction counts against, whatever the model table assumes", async () => {
  const s = await server(
    [
      { toolCalls: [{ name: 'read', arguments: { path: 'a.txt' } }], usage: { prompt_tokens: 7000, completion_tokens: 10 } },
      { text: '## Goal\nread a.txt' },
      { text: 'done' },
    ],
    { slots: 1, slotContext: 8192 },
  );
  const { dir, home } = makeProject({ 'a.txt': 'alpha\n' });
  const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'read a.txt'], { cwd: dir, home });
  expect(r.code).toBe(0);
  // 7,000 of 8,192 tokens: the next call is the summary request (the table's 128k would not compact)
  expect(lastUser(s.chatRequests()[1]!)).toContain('[Compaction]');
  expect(r.stdout).toBe('done\n');
});
