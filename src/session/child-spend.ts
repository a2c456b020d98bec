// What child agents spent, as the task tool carries it: each progress update the step's new spending
// (`spent`, an increment), its result the child's whole spending (`usage`, its own children's
// included). A running session adds the increments as it sees them; a session read back from its
// file (and print mode's result) adds the results. Each is counted once that way. Pure.
import type { AgentEvent, AgentMessage } from '../agent/types.js';
import { addUsage, noUsage, type UsageTotals } from './usage.js';

/** Tokens, cost and model calls, without a context gauge: a child's context is not its parent's. */
export type Spent = Omit<UsageTotals, 'context'>;

export const nothingSpent = (): Spent => ({ input: 0, output: 0, cacheRead: 0, cost: 0, calls: 0, estimated: false });

/** What was spent between two readings of the same totals (`before` earlier than `now`). */
export function spentSince(now: Spent, before: Spent): Spent {
  return {
    input: now.input - before.input,
    output: now.output - before.output,
    cacheRead: now.cacheRead - before.cacheRead,
    cost: now.cost === null || before.cost === null ? null : now.cost - before.cost,
    calls: now.calls - before.calls,
    estimated: now.estimated,
  };
}

export function isNothing(s: Spent): boolean {
  return s.input === 0 && s.output === 0 && s.cacheRead === 0 && s.cost === 0 && s.calls === 0;
}

/** The totals with a child's spending added; the context gauge stays the session's own. */
export function addSpent(totals: UsageTotals, s: Spent): UsageTotals {
  return {
    ...totals,
    input: totals.input + s.input,
    output: totals.output + s.output,
    cacheRead: totals.cacheRead + s.cacheRead,
    cost: totals.cost === null || s.cost === null ? null : totals.cost + s.cost,
    calls: totals.calls + s.calls,
    estimated: totals.estimated || s.estimated,
  };
}

const count = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** A spending as details hold it, or undefined for anything else (a session file is read back as it is). */
function asSpent(v: unknown): Spent | undefined {
  const s = v as Partial<Spent> | null | undefined;
  if (typeof s !== 'object' || s === null) return undefined;
  if (!count(s.input) || !count(s.output) || !count(s.cacheRead) || !count(s.calls)) return undefined;
  if (s.cost !== null && !count(s.cost)) return undefined;
  return { input: s.input, output: s.output, cacheRead: s.cacheRead, cost: s.cost, calls: s.calls, estimated: s.estimated === true };
}

/** The task tool's name: only its details carry a child's spending. */
const TASK = 'task';

/** What a task call's progress update says its child has just spent. */
export function spentInProgress(event: AgentEvent): Spent | undefined {
  if (event.type !== 'tool_execution_update' || event.toolName !== TASK) return undefined;
  return asSpent((event.partialResult.details as { spent?: unknown } | undefined)?.spent);
}

/** The totals after an event: a task call's progress adds what its child has just spent. */
export function withChildSpending(totals: UsageTotals, event: AgentEvent): UsageTotals {
  const spent = spentInProgress(event);
  return spent ? addSpent(totals, spent) : totals;
}

/** What a task call's result says its child spent in all. */
export function spentInResult(message: AgentMessage): Spent | undefined {
  if (message.role !== 'toolResult' || message.toolName !== TASK) return undefined;
  return asSpent((message.details as { usage?: unknown } | undefined)?.usage);
}

/**
 * The totals of a conversation read back: its answers and its children's results. The model calls
 * stay 0: they count this process's calls.
 */
export function usageOf(messages: readonly AgentMessage[]): UsageTotals {
  let totals = noUsage();
  for (const m of messages) {
    if (m.role === 'assistant') addUsage(totals, m.usage);
    const spent = spentInResult(m);
    if (spent) totals = addSpent(totals, { ...spent, calls: 0 });
  }
  return totals;
}
