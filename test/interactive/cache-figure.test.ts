// The `↑` figure says how much of the input the server's prompt cache served: on the footer (the
// session's totals) and on the line after a turn (that turn's requests), only when some was.
import { describe, expect, it } from 'vitest';
import { renderFooter } from '../../src/modes/interactive/view/footer.js';
import { renderTurnEnd } from '../../src/modes/interactive/view/turn-summary.js';
import { noUsage, type UsageTotals } from '../../src/session/usage.js';
import { stripAnsi } from '../../src/text/escapes.js';

const footer = { model: 'gpt-x', headerModel: 'gpt-x', contextWindow: 200_000, context: 50_000, totalOutput: 3400, cost: null, sessionId: '1234567890abcdef' };
const totals = (input: number, cacheRead: number, output: number, estimated = false): UsageTotals => ({
  ...noUsage(),
  input,
  cacheRead,
  output,
  cost: null,
  estimated,
});

describe('the cache in the ↑ figure', () => {
  it('the footer: the session’s cached input beside its input', () => {
    expect(stripAnsi(renderFooter({ ...footer, totalInput: 120_000, totalCached: 98_000 }, 200))).toBe('25% of 200k · ↑120k (98k cached) ↓3.4k · 12345678');
    expect(stripAnsi(renderFooter({ ...footer, totalInput: 120_000, totalCached: 98_000, estimated: true }, 200))).toContain('↑~120k (98k cached) ↓~3.4k');
  });

  it('the footer: nothing said while no request was served from a cache', () => {
    expect(stripAnsi(renderFooter({ ...footer, totalInput: 120_000, totalCached: 0 }, 200))).toBe('25% of 200k · ↑120k ↓3.4k · 12345678');
  });

  it('the line after a turn: what that turn’s requests had from the cache', () => {
    const [line] = renderTurnEnd(12_000, totals(10_000, 8_000, 100), totals(14_100, 11_900, 412));
    expect(stripAnsi(line!)).toBe('done in 12 s · ↑4.1k (3.9k cached) ↓312');
  });

  it('the line after a turn: no cache figure when the turn had none, even if earlier turns did', () => {
    const [line] = renderTurnEnd(3_000, totals(10_000, 8_000, 100), totals(14_100, 8_000, 412));
    expect(stripAnsi(line!)).toBe('done in 3 s · ↑4.1k ↓312');
  });
});
