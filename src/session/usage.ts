// What one session has spent: tokens and cost summed over its model calls. Pure.
import type { Usage } from '../ai/types.js';

export interface UsageTotals {
  input: number;
  output: number;
  cacheRead: number;
  /** null once any call's price is unknown */
  cost: number | null;
  /** the input tokens of the latest call: how full the context is */
  lastInput: number;
  /** model calls made in this process (a resumed session's earlier calls are not counted) */
  calls: number;
}

export const noUsage = (): UsageTotals => ({ input: 0, output: 0, cacheRead: 0, cost: 0, lastInput: 0, calls: 0 });

export function addUsage(totals: UsageTotals, u: Usage): void {
  totals.input += u.input;
  totals.output += u.output;
  totals.cacheRead += u.cacheRead;
  if (u.input > 0) totals.lastInput = u.input;
  totals.cost = totals.cost === null || u.cost === null ? null : totals.cost + u.cost.total;
}
