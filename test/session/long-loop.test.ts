// A 60-step write loop through a real Session (its file, checkpoints, the approval gate and the
// workspace scan before each write, the real write tool) and the scripted server: every request
// carries the whole conversation, and each message is read by the request builder only for the
// request that first sends it. The Session's transcript step (the todo reminder) is where the
// messages are watched: what it gives is handed on, each message wrapped once.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../src/agent/types.js';
import { buildChatParams } from '../../src/ai/openai/messages.js';
import type { Message } from '../../src/ai/types.js';
import { resolveConfig } from '../../src/config/resolve.js';
import { buildSession } from '../../src/session/create-session.js';
import { startMockServer } from '../support/mock-openai-server.js';

const STEPS = 60;
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0)) await f();
});

/** Wraps each message once, noting which requests (counted by `requests()`) read its content. */
function watcher() {
  const readIn = new Map<object, Set<number>>();
  const wrapped = new WeakMap<object, AgentMessage>();
  let requests = 0;
  const watch = (m: AgentMessage): AgentMessage => {
    let w = wrapped.get(m);
    if (!w) {
      const reads = new Set<number>();
      readIn.set(m, reads);
      w = new Proxy(m, {
        get: (target, key, receiver) => {
          if (key === 'content') reads.add(requests);
          return Reflect.get(target, key, receiver);
        },
      });
      wrapped.set(m, w);
    }
    return w;
  };
  return {
    readIn,
    requests: () => requests,
    /** the Session's transcript step, with every message it gives watched */
    around: (step: (messages: AgentMessage[]) => Promise<AgentMessage[]>) => async (messages: AgentMessage[]) => {
      requests++;
      return (await step(messages)).map(watch);
    },
  };
}

describe('a long write loop through a Session', () => {
  it('writes every file, and converts each message for one request only, sending what a fresh conversion gives', async () => {
    const server = await startMockServer({
      forever: (request) => {
        const done = request.body.messages.filter((m: { role: string }) => m.role === 'tool').length;
        if (done >= STEPS) return { text: 'all written' };
        return { toolCalls: [{ name: 'write', arguments: { path: `out/w${done}.txt`, content: `step ${done}\n` } }] };
      },
    });
    cleanup.push(() => server.close());
    const base = mkdtempSync(join(tmpdir(), 'tack-long-loop-'));
    cleanup.push(() => rmSync(base, { recursive: true, force: true }));
    const cwd = join(base, 'project');
    mkdirSync(cwd);
    const config = resolveConfig({ baseUrl: server.url, model: 'm', cwd, yolo: true, maxTurns: STEPS + 5 }, { TACK_HOME: join(base, 'home') });
    // the core: the test wraps the todo list's reminder to see which request read each message
    const { core: session } = await buildSession({ config, safety: { interactive: false }, note: () => {} });
    cleanup.push(() => session.close());
    const w = watcher();
    session.todos.withReminder = w.around(session.todos.withReminder.bind(session.todos));
    await session.runs.prompt('write them all');

    expect(readFileSync(join(cwd, 'out', `w${STEPS - 1}.txt`), 'utf8')).toBe(`step ${STEPS - 1}\n`);
    expect(existsSync(session.file!)).toBe(true);
    const messages = session.state.messages as Message[];
    expect(w.requests()).toBe(STEPS + 1);
    // the run's note, the message, a call and its result per step, the answer
    expect(messages).toHaveLength(2 * STEPS + 3);
    const reads = messages.slice(0, -1).map((m) => [...(w.readIn.get(m) ?? [])]);
    expect(reads.every((requests) => requests.length === 1)).toBe(true);
    expect(reads.slice(0, 5)).toEqual([[1], [1], [2], [2], [3]]);

    const last = server.chatRequests().at(-1)!.body;
    const fresh = buildChatParams(session.model, { systemPrompt: session.state.systemPrompt, messages: structuredClone(messages.slice(0, -1)) });
    expect(last.messages).toEqual(JSON.parse(JSON.stringify(fresh.messages)));
  });
});
