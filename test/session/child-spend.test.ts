// A child's spending as the session reads it: from a task call's progress while it runs, from its
// result in a conversation read back. A session file is read back as it is (edited, damaged): what
// does not hold a spending, or is not the task tool's, adds nothing.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/agent/types.js';
import type { Message } from '../../src/ai/types.js';
import { usageOf, withChildSpending } from '../../src/session/child-spend.js';
import { noUsage } from '../../src/session/usage.js';
import { assistant } from '../support/messages.js';

const spent = { input: 300, output: 30, cacheRead: 100, cost: 0.5, calls: 2, estimated: false };
const taskResult = (details: unknown, toolName = 'task'): Message =>
  ({ role: 'toolResult', toolCallId: 'c', toolName, content: [{ type: 'text', text: 'report' }], details, isError: false, timestamp: 1 }) as Message;
const progress = (details: unknown, toolName = 'task'): AgentEvent => ({
  type: 'tool_execution_update',
  toolCallId: 'c',
  toolName,
  args: {},
  partialResult: { content: [], details },
});

describe("a child's spending", () => {
  it('read back: the answers and the task results add up, the context is the last answer, and no model call of this process is counted', () => {
    const totals = usageOf([assistant('go', ['c'], 1000), taskResult({ usage: spent }), assistant('done', [], 1200)]);
    expect(totals).toMatchObject({ input: 2500, output: 30, cacheRead: 100, calls: 0, context: 1200 });
  });

  it.each([
    ['negative tokens', { usage: { ...spent, input: -1e9 } }, 'task'],
    ['a number as text', { usage: { ...spent, output: '5' } }, 'task'],
    ['an endless count', { usage: { ...spent, input: Number.POSITIVE_INFINITY } }, 'task'],
    ['no usage', { agent: 'explore' }, 'task'],
    ['another tool claiming one', { usage: spent }, 'read'],
  ])('%s adds nothing', (_, details, tool) => {
    expect(usageOf([taskResult(details, tool)])).toEqual(noUsage());
    expect(withChildSpending(noUsage(), progress({ spent: (details as { usage?: unknown }).usage }, tool))).toEqual(noUsage());
  });

  it("live: each progress adds its step's spending, the model calls included; the context gauge stays the parent's", () => {
    const start = { ...noUsage(), context: 900 };
    const after = withChildSpending(withChildSpending(start, progress({ spent })), progress({ spent: { ...spent, cost: null } }));
    expect(after).toMatchObject({ input: 600, output: 60, cacheRead: 200, calls: 4, context: 900, cost: null });
  });
});
