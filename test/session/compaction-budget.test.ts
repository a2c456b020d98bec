// Compaction counts in the server's tokens and sizes itself to the window: the conversation's size is
// the server's count of the last request plus what came since (at the ratio that count showed), the
// threshold and the kept part fit a 32k window as well as a 128k one, and a compaction that could not
// get under the threshold is not repeated before the conversation has grown again.
import { describe, expect, it } from 'vitest';
import { assistant, result, user } from '../support/messages.js';
import { DEFAULT_COMPACTION, estimateTokens, RunningEstimate } from '../../src/session/compaction/token-budget.js';
import { compactionBudget, findCut, shouldCompact } from '../../src/session/compaction/window-budget.js';

describe('the conversation in the server’s tokens', () => {
  it('is the server’s count of the last request plus what came since, at the ratio that count showed', () => {
    // 1000 characters of system prompt and tools and 2000 of messages were 1000 tokens: 1 token per 3 characters
    const messages = [user('x'.repeat(2000)), assistant('ok', [], 1000), user('y'.repeat(3000))];
    const estimate = new RunningEstimate();
    expect(estimate.of(messages, () => 1000)).toBe(1000 + 1000);
    expect(estimate.tokensPerChar).toBeCloseTo(1 / 3);
    expect(estimateTokens(messages, () => 1000)).toBe(2000);
  });

  it('is characters / 4 before the server counted, and a count no prompt could have is not taken as the ratio', () => {
    expect(estimateTokens([user('z'.repeat(40))])).toBe(10);
    expect(estimateTokens([user('z'.repeat(40))], () => 400)).toBe(110);
    // 10 tokens for 4000 characters: a server counting only what its cache did not hold
    const estimate = new RunningEstimate();
    expect(estimate.of([user('x'.repeat(4000)), assistant('ok', [], 10), user('y'.repeat(400))], () => 0)).toBe(10 + 100);
    expect(estimate.tokensPerChar).toBe(1 / 4);
  });

  it('does not take the count of an answer a compaction kept: it was of the conversation before the summary', () => {
    // the summary (timestamp 50) is newer than the answer kept after it, whose count was 20000
    const compacted = [user('[summary]'.repeat(40), 50), assistant('', ['a'], 20_000, 10), result('a', 'r'.repeat(800))];
    const chars = 360 + 16 + 820;
    expect(estimateTokens(compacted)).toBe(Math.ceil(chars / 4));
    // the first answer after the compaction counts again (and its ratio with it)
    expect(estimateTokens([...compacted, assistant('', ['b'], 700, 60), result('b', 'r'.repeat(400))])).toBe(700 + Math.ceil(420 * (700 / chars)));
  });
});

describe('the budget of a window', () => {
  // tack's system prompt and tools: about 3.3k tokens
  const fixed = 3300;

  it('32k: compaction starts at 80% of the window, and the compacted conversation lands well under it', () => {
    const b = compactionBudget(32_768, DEFAULT_COMPACTION, fixed);
    expect(b.threshold).toBe(32_768 - 6553);
    // a quarter of what the conversation may hold beside the system prompt and tools
    expect(b.keep).toBe(Math.floor((b.threshold - fixed) / 4));
    const summary = b.summaryWords / 0.75;
    const compacted = fixed + summary + b.keep;
    expect(compacted).toBeLessThan(0.4 * 32_768);
    // room for several big reads before the next compaction
    expect(b.threshold - compacted).toBeGreaterThan(12_000);
  });

  it('128k: the settings as they are (16k free, 20k kept)', () => {
    const b = compactionBudget(128_000, DEFAULT_COMPACTION, fixed);
    expect(b.threshold).toBe(128_000 - 16_384);
    expect(b.keep).toBe(20_000);
    expect(b.summaryWords).toBe(1500);
  });

  it('8k: what is left after tack’s own prompt is shared out the same way', () => {
    const b = compactionBudget(8192, DEFAULT_COMPACTION, fixed);
    expect(b.threshold).toBe(8192 - 1638);
    expect(b.keep).toBe(Math.floor((b.threshold - fixed) / 4));
    expect(fixed + b.keep).toBeLessThan(b.threshold);
    // a system prompt larger than the threshold leaves nothing to keep but the last message
    expect(compactionBudget(8192, DEFAULT_COMPACTION, 9000).keep).toBe(0);
  });

  it('settings smaller than the caps are taken as they are', () => {
    expect(compactionBudget(32_768, { reserveTokens: 4000, keepRecentTokens: 2000 }, fixed)).toMatchObject({ threshold: 28_768, keep: 2000 });
  });
});

describe('when to compact', () => {
  const b = compactionBudget(32_768, DEFAULT_COMPACTION, 3300);

  it('above the threshold; after a compaction, only once the conversation has grown by as much as one keeps', () => {
    expect(shouldCompact(b.threshold, undefined, b)).toBe(false);
    expect(shouldCompact(b.threshold + 1, undefined, b)).toBe(true);
    // a compaction that left 27k (one huge result kept): not again at every call
    expect(shouldCompact(28_000, 27_000, b)).toBe(false);
    expect(shouldCompact(27_000 + b.keep, 27_000, b)).toBe(true);
  });
});

describe('where to cut', () => {
  it('keeps the latest messages that fit, the last one always, never a tool result without its call', () => {
    const big = 'x'.repeat(4000);
    const messages = [user(big), assistant('', ['a']), result('a', big), result('a2', big), assistant('done'), user('more')];
    for (let keep = 0; keep < 5000; keep += 250) {
      const cut = findCut(messages, keep, 1 / 4);
      expect(messages[cut].role).not.toBe('toolResult');
      expect(cut).toBeLessThan(messages.length);
    }
    expect(findCut([user('only')], 10, 1 / 4)).toBe(0);
    // at the server's ratio: 4000 characters are 1000 tokens at 1/4, 2000 at 1/2
    expect(findCut([user(big), user(big), user(big)], 2000, 1 / 4)).toBe(1);
    expect(findCut([user(big), user(big), user(big)], 2000, 1 / 2)).toBe(2);
  });
});
