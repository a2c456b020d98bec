// What the scrollback keeps of a turn (issue 20): finished thinking folded to "thought for N s"
// that Ctrl+O prints in full, and a line at the end of each finished turn with its time and tokens.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../src/agent/types.js';
import type { AssistantMessage } from '../../src/ai/types.js';
import { ConversationView } from '../../src/modes/interactive/conversation/conversation-view.js';
import { stripAnsi } from '../../src/text/escapes.js';
import { setColorLevel } from '../../src/modes/interactive/text/style.js';
import { noUsage, type UsageTotals } from '../../src/session/usage.js';

const usage = { input: 1000, output: 50, cacheRead: 0, totalTokens: 1050, cost: null };
const assistant = (content: AssistantMessage['content']): AssistantMessage => ({
  role: 'assistant',
  content,
  provider: 'p',
  model: 'm',
  usage,
  stopReason: 'stop',
  timestamp: 0,
});
const update = (m: AssistantMessage): AgentEvent => ({
  type: 'message_update',
  message: m,
  assistantMessageEvent: { type: 'thinking_delta', contentIndex: 0, delta: '', partial: m },
});
const items = (t: ConversationView) => {
  t.flush();
  return t.transcript.take().map((i) => stripAnsi(i.text));
};

beforeAll(() => setColorLevel('color'));
afterEach(() => vi.useRealTimers());

const thinking = Array.from({ length: 6 }, (_, i) => `step ${i} of the plan`).join('\n');

function thinkFor(t: ConversationView, ms: number): void {
  t.onEvent({ type: 'message_start', message: assistant([]) });
  t.onEvent(update(assistant([{ type: 'thinking', thinking: 'step 0' }])));
  vi.advanceTimersByTime(ms);
  t.onEvent({
    type: 'message_end',
    message: assistant([
      { type: 'thinking', thinking },
      { type: 'text', text: 'The answer.' },
    ]),
  });
}

describe('the turn in the scrollback', () => {
  it('folds finished thinking to one line with how long it took; Ctrl+O prints it in full', () => {
    vi.useFakeTimers();
    const t = new ConversationView({ width: 60 });
    thinkFor(t, 8_200);
    expect(items(t)).toEqual(['\n✻ thought for 8 s', '\nThe answer.']);
    t.toggleExpanded();
    const shown = items(t).join('\n');
    for (let i = 0; i < 6; i++) expect(shown).toContain(`step ${i} of the plan`);
    // with Ctrl+O on, the next thinking is printed whole as it finishes
    thinkFor(t, 1_000);
    expect(items(t)[0]).toContain('step 5 of the plan');
  });

  it('ends a finished turn with its time and the tokens it used', () => {
    vi.useFakeTimers();
    const totals: UsageTotals = { ...noUsage(), input: 9000, output: 1000, cost: 0.01 };
    const t = new ConversationView({ width: 60, usage: () => totals });
    t.onEvent({ type: 'agent_start' });
    totals.input += 4100;
    totals.output += 312;
    totals.cost = 0.013;
    vi.advanceTimersByTime(12_000);
    t.onEvent({ type: 'agent_end', reason: 'done', messages: [] });
    expect(items(t)).toEqual(['\ndone in 12 s · ↑4.1k ↓312 · $0.0030']);
  });

  it('an interrupted or failed run has no end-of-turn line', () => {
    const t = new ConversationView({ width: 60, usage: noUsage });
    for (const reason of ['aborted', 'error'] as const) {
      t.onEvent({ type: 'agent_start' });
      t.onEvent({ type: 'agent_end', reason, messages: [] });
    }
    expect(items(t).join('')).not.toContain('done in');
  });
});

describe('a long run', () => {
  it('says how far it is every 50 model calls, and goes on', () => {
    const t = new ConversationView({ width: 80 });
    t.onEvent({ type: 'agent_start' });
    const call = assistant([{ type: 'toolCall', id: 'c', name: 'ls', arguments: {} }]);
    for (let i = 0; i < 120; i++) {
      t.onEvent({ type: 'message_start', message: call });
      t.onEvent({ type: 'message_end', message: call });
    }
    const progress = items(t).filter((line) => line.includes('still working'));
    expect(progress.map((line) => line.trim())).toEqual([
      expect.stringContaining('still working: 50 model calls in this run so far'),
      expect.stringContaining('still working: 100 model calls in this run so far'),
    ]);
  });
});
