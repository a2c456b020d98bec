// What keeps one run from spending without end: a ceiling on model requests (retries included) when
// one is set (none by default: length is not a loop), and a model whose tool calls keep failing before they run (an unknown tool, arguments that are not
// JSON, calls refused) is slowed down and then stopped. Pure bookkeeping plus an abortable wait.

/** Turns in a row whose every tool call failed before running, after which the run stops. */
export const FAILED_TURN_LIMIT = 5;
/** The first wait after a turn whose calls all failed; it doubles with each such turn. */
export const DEFAULT_FAILURE_BACKOFF_MS = 250;

export interface RunGuardOptions {
  maxRequests?: number;
  failureBackoffMs?: number;
}

export class RunGuard {
  private requests = 0;
  private failedTurns = 0;
  private lastProblem = '';
  private readonly maxRequests: number | undefined;
  private readonly backoffMs: number;

  constructor(o: RunGuardOptions) {
    this.maxRequests = o.maxRequests;
    this.backoffMs = o.failureBackoffMs ?? DEFAULT_FAILURE_BACKOFF_MS;
  }

  /** One more request went to the model (a turn's first, or a retry). */
  requested(): void {
    this.requests++;
  }

  /** A turn's tool calls are done: `notRun` of `calls` never ran, the first of them for `problem`. */
  turnEnded(calls: number, notRun: number, problem: string | undefined): void {
    if (calls > 0 && notRun === calls) {
      this.failedTurns++;
      this.lastProblem = problem ?? '';
    } else this.failedTurns = 0;
  }

  /** The sentence that ends the run before its next model call, if a limit is reached. */
  stopSentence(): string | undefined {
    if (this.failedTurns >= FAILED_TURN_LIMIT) {
      const last = this.lastProblem ? ` (the last: ${oneLine(this.lastProblem)})` : '';
      return `stopped: the model's tool calls failed without running in ${this.failedTurns} turns in a row${last}; it looks stuck`;
    }
    if (this.maxRequests !== undefined && this.requests >= this.maxRequests) {
      return `stopped: this run made ${this.requests} requests to the model, the limit (maxRequests ${this.maxRequests}); the task may be unfinished`;
    }
    return undefined;
  }

  /** How long to wait before the next model call: nothing, unless the last turns' calls all failed. */
  waitMs(): number {
    return this.failedTurns === 0 ? 0 : this.backoffMs * 2 ** (this.failedTurns - 1);
  }
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** Waits `ms`, or less if `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
