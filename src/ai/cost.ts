import type { Cost, ModelPrices, Usage } from './types.js';

/** USD cost of one answer from per-million-token prices; cached input is billed at the cache price. */
export function computeCost(usage: Pick<Usage, 'input' | 'output' | 'cacheRead'>, prices: ModelPrices | null): Cost | null {
  if (!prices) return null;
  const input = ((usage.input - usage.cacheRead) * prices.input) / 1e6;
  const cacheRead = (usage.cacheRead * prices.cacheRead) / 1e6;
  const output = (usage.output * prices.output) / 1e6;
  return { input, output, cacheRead, total: input + output + cacheRead };
}
