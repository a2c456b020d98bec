// Runs that never stop, played by a hostile model or a broken server against the built CLI. Each
// test would go on for ever (about 120 requests a second) without the guard it names. The guards
// are the boundary on what a run can spend: the loop's failed-turn stop, the request ceiling, the
// protocol check on chunks, the idle timeout on model data and the per-answer deadline.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectWithSettings, runTack } from '../support/cli.js';
import type { MockServerOptions, Turn } from '../support/mock-openai-server.js';
import { scriptedServers } from '../support/scripted.js';

const scripted = scriptedServers();
const server = (o: MockServerOptions) => scripted(o.turns, o);

const project = projectWithSettings;

const run = (url: string, p: { dir: string; home: string }, extra: string[] = []) =>
  runTack(['-p', '--base-url', url, '-m', 'm', ...extra, 'do the task'], { cwd: p.dir, home: p.home });

describe('a model whose tool calls keep failing is stopped (loop guard, the boundary)', () => {
  it('an unknown tool called for ever: backs off, stops after 5 turns with one sentence, exit 1', async () => {
    const s = await server({ forever: { toolCalls: [{ name: 'no_such_tool', arguments: {} }] } });
    const r = await run(s.url, project());
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/stopped: the model's tool calls failed without running in 5 turns in a row \(the last: .*no_such_tool/);
    expect(s.chatRequests().length).toBe(5);
  });

  it('the same call with arguments that are not JSON, for ever: stopped the same way', async () => {
    const s = await server({ forever: { toolCalls: [{ name: 'bash', arguments: '{"command": "ls' }] } });
    const r = await run(s.url, project());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('failed without running in 5 turns in a row');
    expect(s.chatRequests().length).toBe(5);
  });

  it('a model that keeps making new calls stops at the request ceiling (maxRequests)', async () => {
    const echo: Turn = (request) => ({ toolCalls: [{ name: 'bash', arguments: { command: `echo ${request.body.messages.length}` } }] });
    const s = await server({ forever: echo });
    const r = await run(s.url, project({ maxRequests: 4 }));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('stopped: this run made 4 requests to the model, the limit (maxRequests 4)');
    expect(s.chatRequests().length).toBe(4);
  });
});

describe('a long task is not cut short: loops are stopped, not length', () => {
  it('a 250-step read loop (past the old 200-call default) finishes with exit 0', { timeout: 120_000 }, async () => {
    const steps = 250;
    const read: Turn = (request) => {
      const done = request.body.messages.filter((m: { role: string }) => m.role === 'tool').length;
      if (done >= steps) return { text: `read ${done} times; finished` };
      return { toolCalls: [{ name: 'read', arguments: { path: 'notes.txt', offset: (done % 20) + 1, limit: 1 } }] };
    };
    const s = await server({ forever: read });
    const p = project();
    writeFileSync(join(p.dir, 'notes.txt'), Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n'));
    const r = await run(s.url, p);
    expect(r.stderr).not.toContain('stopped');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`read ${steps} times; finished`);
    expect(s.chatRequests().length).toBe(steps + 1);
  });
});

describe('a broken server cannot keep tack busy', () => {
  it('chunks of the wrong shape ("tool_calls": "x") are a protocol error: retried, then reported, never tool calls', async () => {
    const wrong = { rawChunks: [{ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { tool_calls: 'x' }, finish_reason: null }] }] };
    const s = await server({ forever: wrong });
    const r = await run(s.url, project({ retry: { maxAttempts: 3, baseDelayMs: 1 } }), ['--output-format', 'json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/sent a chunk that is not a chat completion chunk \("tool_calls" that is not a list\) \(gave up after 3 attempts\)/);
    expect(s.chatRequests().length).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ is_error: true, num_turns: 1 });
  });

  it('a server that sends only SSE comments (": ping") times out: the idle timeout counts model data, not bytes', async () => {
    const s = await server({ forever: { pingEveryMs: 50 } });
    const r = await run(s.url, project({ retry: { maxAttempts: 2, baseDelayMs: 1 }, timeouts: { idleSeconds: 0.5 } }));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/stopped answering for .*\(gave up after 2 attempts\)/);
    expect(s.chatRequests().length).toBe(2);
  });

  it('an answer that trickles on past timeouts.answerSeconds fails with a sentence naming the setting', async () => {
    const s = await server({ turns: [{ text: 'x'.repeat(2000), chunkSize: 1, delayMs: 20 }] });
    const r = await run(s.url, project({ timeouts: { answerSeconds: 1 } }));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/took longer than 1(\.0)? ?s.*answerSeconds/);
    expect(s.chatRequests().length).toBe(1);
  });
});
