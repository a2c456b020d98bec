// A Chat Completions stream's token counts, in whichever shape the server reports them, as the
// provider-neutral Usage: `input` counts every prompt token, `cacheRead` the part the server's prompt
// cache served. Cached tokens come as OpenAI's (also OpenRouter's, vLLM's, recent llama.cpp's)
// `prompt_tokens_details.cached_tokens`, DeepSeek's `prompt_cache_hit_tokens`, Anthropic's
// `cache_read_input_tokens`, or llama.cpp's `timings.cache_n` (beside the usage, not in it). Pure.
import { computeCost } from '../cost.js';
import type { ModelPrices, Usage } from '../types.js';

/** A usage object as servers send it; any field may be missing. */
export interface WireUsage {
  prompt_tokens?: unknown;
  completion_tokens?: unknown;
  total_tokens?: unknown;
  prompt_tokens_details?: { cached_tokens?: unknown; cache_write_tokens?: unknown } | null;
  completion_tokens_details?: { reasoning_tokens?: unknown } | null;
  prompt_cache_hit_tokens?: unknown;
  /** Anthropic's names: its `input_tokens` leaves out what was read from or written to the cache */
  input_tokens?: unknown;
  output_tokens?: unknown;
  cache_read_input_tokens?: unknown;
  cache_creation_input_tokens?: unknown;
}

/** llama.cpp's `timings`: `cache_n` is the prompt tokens reused from the slot's cache. */
export interface Timings {
  cache_n?: unknown;
}

const count = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);

export function readUsage(usage: WireUsage, timings: Timings | undefined, prices: ModelPrices | null): Usage {
  const details = usage.prompt_tokens_details;
  const read = count(usage.cache_read_input_tokens);
  const written = count(details?.cache_write_tokens) ?? count(usage.cache_creation_input_tokens);
  const anthropicInput = count(usage.input_tokens);
  const input =
    count(usage.prompt_tokens) ?? (anthropicInput !== undefined ? anthropicInput + (read ?? 0) + (count(usage.cache_creation_input_tokens) ?? 0) : 0);
  const output = count(usage.completion_tokens) ?? count(usage.output_tokens) ?? 0;
  // the fields mean the same; a server sending two (one of them 0) is believed for the larger
  const reported = [count(details?.cached_tokens), count(usage.prompt_cache_hit_tokens), read, count(timings?.cache_n)];
  const cacheRead = Math.min(input, Math.max(0, ...reported.filter((n) => n !== undefined)));
  const reasoning = count(usage.completion_tokens_details?.reasoning_tokens);
  const counts = { input, output, cacheRead };
  return {
    ...counts,
    ...(written !== undefined ? { cacheWrite: written } : {}),
    ...(reasoning !== undefined ? { reasoning } : {}),
    totalTokens: count(usage.total_tokens) ?? input + output,
    cost: computeCost(counts, prices),
  };
}
