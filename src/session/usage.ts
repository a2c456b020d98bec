// What one session has spent: tokens and cost summed over its model calls. Pure.
import { computeCost } from '../ai/cost.js';
import type { AssistantMessage, ModelPrices, Usage } from '../ai/types.js';
import { messageChars } from './compaction/token-budget.js';

export interface UsageTotals {
  input: number;
  output: number;
  cacheRead: number;
  /** null once any call's price is unknown */
  cost: number | null;
  /** how full the context is: the latest call's input and its answer (the answer is in the next request) */
  context: number;
  /** model calls made in this process (a resumed session's earlier calls are not counted) */
  calls: number;
  /** some counts are estimates (chars / 4): an answer streaming, or cut before the server counted it */
  estimated: boolean;
}

export const noUsage = (): UsageTotals => ({ input: 0, output: 0, cacheRead: 0, cost: 0, context: 0, calls: 0, estimated: false });

export function addUsage(totals: UsageTotals, u: Usage): void {
  totals.input += u.input;
  totals.output += u.output;
  totals.cacheRead += u.cacheRead;
  if (u.input > 0) totals.context = u.input + u.output;
  totals.cost = totals.cost === null || u.cost === null ? null : totals.cost + u.cost.total;
}

/** The totals plus an estimate for a call the server has not counted, priced where the prices are known. */
export function withEstimate(totals: UsageTotals, input: number, output: number, prices: ModelPrices | null): UsageTotals {
  const cost = computeCost({ input, output, cacheRead: 0 }, prices);
  return {
    ...totals,
    input: totals.input + input,
    output: totals.output + output,
    context: input > 0 ? input + output : totals.context,
    cost: totals.cost === null || cost === null ? null : totals.cost + cost.total,
    estimated: true,
  };
}

/** The totals after one answer: the server's count, or an estimate (`requestEstimate` for what was sent). */
export function countAnswer(totals: UsageTotals, answer: AssistantMessage, requestEstimate: number, prices: ModelPrices | null): UsageTotals {
  const u = answer.usage;
  // an answer cut off (Esc, a dropped stream) or from a server that never counts: estimated, not zero
  // a request that failed before any answer (unreachable, an error status) spent nothing to count
  const failed = answer.stopReason === 'error' && answer.content.length === 0;
  let next = totals;
  if (u.input + u.output > 0) addUsage(totals, u);
  else if (!failed) next = withEstimate(totals, requestEstimate, Math.ceil(messageChars(answer) / 4), prices);
  next.calls++;
  return next;
}
