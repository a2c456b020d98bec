// Generic retry policy: how long to wait before the next attempt, and an abortable sleep.
// Providers decide *what* is retryable; this file decides *when*.
import type { RetryOptions } from './types.js';

export interface RetryPolicy {
  /** total attempts, the first one included */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 30_000 };

/**
 * A server asking us to wait longer than this is out of quota rather than briefly overloaded:
 * waiting silently for minutes would look like a hang, so we give up and say so instead.
 */
export const MAX_RETRY_AFTER_MS = 120_000;

export function resolveRetryPolicy(options: RetryOptions = {}): RetryPolicy {
  return {
    maxAttempts: Math.max(1, Math.floor(options.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts)),
    baseDelayMs: Math.max(0, options.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs),
    maxDelayMs: Math.max(0, options.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs),
  };
}

/**
 * The wait before retry number `retry` (1 = the first retry): exponential backoff capped at
 * maxDelayMs, with "equal jitter" (half fixed, half random) so clients that failed together do not
 * come back together. A server's own retry-after wins over the backoff and is honoured exactly.
 */
export function retryDelay(retry: number, policy: RetryPolicy, retryAfterMs?: number, random: () => number = Math.random): number {
  if (retryAfterMs !== undefined) return Math.max(0, Math.ceil(retryAfterMs));
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

interface HeaderSource {
  get(name: string): string | null;
}

/** `retry-after-ms` (milliseconds), else `retry-after` (seconds or an HTTP date), in ms. */
export function parseRetryAfter(headers: HeaderSource | undefined, now: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number.parseFloat(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Resolves after `ms`, or as soon as `signal` aborts (check `signal.aborted` afterwards). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
