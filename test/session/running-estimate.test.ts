// The Session estimates what a request holds twice per model call (the streaming figure, the
// compaction check). With a server that sends no token counts, a recount walked the whole
// conversation each time; the running estimate counts each message once and gives the same figure.
import { describe, expect, it } from 'vitest';
import type { AssistantMessage, Message } from '../../src/ai/types.js';
import { estimateTokens, RunningEstimate } from '../../src/session/compaction/token-budget.js';

const answer = (step: number, counted: boolean, stopReason: AssistantMessage['stopReason'] = 'toolUse'): AssistantMessage => ({
  role: 'assistant',
  content: [{ type: 'toolCall', id: `c${step}`, name: 'write', arguments: { path: `out/w${step}.txt`, content: 'x'.repeat(step) } }],
  provider: 'p',
  model: 'm',
  usage: { input: counted ? 1000 + step : 0, output: counted ? 7 : 0, cacheRead: 0, totalTokens: 0, cost: null },
  stopReason,
  timestamp: 0,
});
const result = (step: number): Message => ({
  role: 'toolResult',
  toolCallId: `c${step}`,
  toolName: 'write',
  content: [{ type: 'text', text: `wrote ${step}` }],
  isError: false,
  timestamp: 0,
});

/** Each message wrapped: the estimates (by number, `call.n`) that read its content are noted. */
const call = { n: 0 };
function watched(m: Message, reads: Map<Message, Set<number>>): Message {
  const w = new Proxy(m, {
    get(target, key, receiver) {
      if (key === 'content') reads.set(w, (reads.get(w) ?? new Set()).add(call.n));
      return Reflect.get(target, key, receiver);
    },
  });
  return w;
}

describe('the running estimate', () => {
  it('gives what a recount gives at every step, reading each message once (a server that never counts, then one that does)', () => {
    const reads = new Map<Message, Set<number>>();
    // the same messages unwatched, for the recount
    const plain: Message[] = [{ role: 'user', content: 'write them', timestamp: 0 }];
    const messages = plain.map((m) => watched(m, reads));
    const running = new RunningEstimate();
    const fixed = () => 5000;
    for (let step = 0; step < 120; step++) {
      // no counts for 80 steps; then counted answers, one cut off (an error is never the base)
      const added = [answer(step, step >= 80, step === 100 ? 'error' : 'toolUse'), result(step)];
      plain.push(...added);
      messages.push(...added.map((m) => watched(m, reads)));
      call.n++;
      expect(running.of(messages, fixed)).toBe(estimateTokens(plain, fixed));
      call.n++;
      expect(running.of(messages, fixed)).toBe(estimateTokens(plain, fixed));
    }
    expect([...reads.values()].every((calls) => calls.size === 1)).toBe(true);
    // every message was read, the counted answers too (their characters weigh in the next count's ratio)
    expect(reads.size).toBe(messages.length);
  });

  it('counts a replaced conversation anew', () => {
    const running = new RunningEstimate();
    const long: Message[] = [{ role: 'user', content: 'a'.repeat(400), timestamp: 0 }, answer(1, false), result(1)];
    const none = () => 0;
    running.of(long, none);
    const replaced: Message[] = [{ role: 'user', content: 'b'.repeat(40), timestamp: 0 }];
    expect(running.of(replaced, none)).toBe(estimateTokens(replaced));
    const shorter = long.slice(0, 1);
    expect(running.of(shorter, none)).toBe(100);
  });
});
