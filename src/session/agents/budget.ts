// A child's budget: model calls, the tokens its conversation holds, wall time. Near it the child is
// told to report; at it the child is stopped. Pure.

export interface BudgetLimits {
  maxTurns: number;
  maxTokens: number;
  maxSeconds: number;
}

export interface BudgetUse {
  turns: number;
  /** the latest request and its answer, in tokens */
  tokens: number;
  seconds: number;
}

/** Told to finish at four fifths of any limit, or with one model call left. */
const NEAR = 0.8;

export type BudgetState = { kind: 'ok' } | { kind: 'near'; what: string } | { kind: 'over'; what: string };

export function budgetState(use: BudgetUse, limits: BudgetLimits): BudgetState {
  const over =
    use.turns >= limits.maxTurns
      ? `${limits.maxTurns} model calls`
      : use.tokens >= limits.maxTokens
        ? `${limits.maxTokens} tokens`
        : use.seconds >= limits.maxSeconds
          ? `${limits.maxSeconds} seconds`
          : undefined;
  if (over) return { kind: 'over', what: over };
  const near =
    use.turns >= limits.maxTurns - 1
      ? `${use.turns} of ${limits.maxTurns} model calls`
      : use.tokens >= limits.maxTokens * NEAR
        ? `${use.tokens} of ${limits.maxTokens} tokens`
        : use.seconds >= limits.maxSeconds * NEAR
          ? `${Math.round(use.seconds)} of ${limits.maxSeconds} seconds`
          : undefined;
  return near ? { kind: 'near', what: near } : { kind: 'ok' };
}

export const finishNow = (what: string) =>
  `Your budget is nearly spent (${what}). Do not call more tools: write your final report now, with what you found so far.`;
