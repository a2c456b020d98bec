import { describe, expect, it } from 'vitest';
import { parseRetryAfter, resolveRetryPolicy, retryDelay, sleep } from '../../src/ai/retry.js';

const headers = (h: Record<string, string>) => new Headers(h);

describe('parseRetryAfter', () => {
  it('reads seconds, milliseconds and HTTP dates', () => {
    expect(parseRetryAfter(headers({ 'retry-after': '3' }))).toBe(3000);
    expect(parseRetryAfter(headers({ 'retry-after': '1.5' }))).toBe(1500);
    expect(parseRetryAfter(headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter(headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:07 GMT' }), now)).toBe(7000);
    expect(parseRetryAfter(headers({ 'retry-after': 'Tue, 31 Dec 2024 23:59:00 GMT' }), now)).toBe(0);
  });

  it('ignores missing or unreadable values', () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter(headers({}))).toBeUndefined();
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }))).toBeUndefined();
  });
});

describe('retryDelay', () => {
  const policy = resolveRetryPolicy({ baseDelayMs: 100, maxDelayMs: 1000 });

  it('grows exponentially, with jitter between half and all of the step, capped', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, policy, undefined, () => 0))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, policy, undefined, () => 1))).toEqual([100, 200, 400, 800, 1000]);
  });

  it('lets the server decide when it says so, even beyond maxDelayMs', () => {
    expect(retryDelay(1, policy, 5000)).toBe(5000);
  });

  it('defaults to 4 attempts', () => {
    expect(resolveRetryPolicy().maxAttempts).toBe(4);
    expect(resolveRetryPolicy({ maxAttempts: 0 }).maxAttempts).toBe(1);
  });
});

describe('sleep', () => {
  it('ends early when the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 20);
    await sleep(10_000, controller.signal);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
