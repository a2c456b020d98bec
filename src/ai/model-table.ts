// Facts about common models: context window, maximum output, and the vendor's own prices per million
// tokens (input, cached input, output). Checked against the vendors' model and pricing pages in
// November 2025; a model missing here gets the defaults in model-defaults.ts (128k window, cost
// unknown). Every field can be overridden per model in the settings ("models": { "<id>": {...} }).
import type { ModelPrices } from './types.js';

/** Who sells a model at the prices listed here; a server only bills these prices if it is that vendor. */
export type Vendor = 'openai' | 'anthropic' | 'google' | 'deepseek' | 'xai' | 'mistral' | 'groq';

export interface ModelFacts {
  vendor: Vendor;
  contextWindow: number;
  maxTokens: number;
  prices: ModelPrices;
  /** takes a thinking level (`reasoning_effort`) */
  reasoning?: boolean;
  /** false: reads text only (an image part is refused or dropped by the server) */
  images?: false;
}

const p = (input: number, cacheRead: number, output: number): ModelPrices => ({ input, cacheRead, output });

const TABLE: Record<string, ModelFacts> = {
  // OpenAI
  'gpt-5': { vendor: 'openai', contextWindow: 400_000, maxTokens: 128_000, prices: p(1.25, 0.125, 10), reasoning: true },
  'gpt-5-codex': { vendor: 'openai', contextWindow: 400_000, maxTokens: 128_000, prices: p(1.25, 0.125, 10), reasoning: true },
  'gpt-5-mini': { vendor: 'openai', contextWindow: 400_000, maxTokens: 128_000, prices: p(0.25, 0.025, 2), reasoning: true },
  'gpt-5-nano': { vendor: 'openai', contextWindow: 400_000, maxTokens: 128_000, prices: p(0.05, 0.005, 0.4), reasoning: true },
  'gpt-4.1': { vendor: 'openai', contextWindow: 1_047_576, maxTokens: 32_768, prices: p(2, 0.5, 8) },
  'gpt-4.1-mini': { vendor: 'openai', contextWindow: 1_047_576, maxTokens: 32_768, prices: p(0.4, 0.1, 1.6) },
  'gpt-4.1-nano': { vendor: 'openai', contextWindow: 1_047_576, maxTokens: 32_768, prices: p(0.1, 0.025, 0.4) },
  'gpt-4o': { vendor: 'openai', contextWindow: 128_000, maxTokens: 16_384, prices: p(2.5, 1.25, 10) },
  'gpt-4o-mini': { vendor: 'openai', contextWindow: 128_000, maxTokens: 16_384, prices: p(0.15, 0.075, 0.6) },
  o3: { vendor: 'openai', contextWindow: 200_000, maxTokens: 100_000, prices: p(2, 0.5, 8), reasoning: true },
  'o3-mini': { vendor: 'openai', contextWindow: 200_000, maxTokens: 100_000, prices: p(1.1, 0.55, 4.4), reasoning: true, images: false },
  'o4-mini': { vendor: 'openai', contextWindow: 200_000, maxTokens: 100_000, prices: p(1.1, 0.275, 4.4), reasoning: true },
  'o3-pro': { vendor: 'openai', contextWindow: 200_000, maxTokens: 100_000, prices: p(20, 20, 80), reasoning: true },
  o1: { vendor: 'openai', contextWindow: 200_000, maxTokens: 100_000, prices: p(15, 7.5, 60), reasoning: true },
  'o1-pro': { vendor: 'openai', contextWindow: 200_000, maxTokens: 100_000, prices: p(150, 150, 600), reasoning: true },
  // Anthropic (prompt-cache reads cost a tenth of input)
  'claude-sonnet-4-5': { vendor: 'anthropic', contextWindow: 200_000, maxTokens: 64_000, prices: p(3, 0.3, 15) },
  'claude-sonnet-4': { vendor: 'anthropic', contextWindow: 200_000, maxTokens: 64_000, prices: p(3, 0.3, 15) },
  'claude-3-7-sonnet': { vendor: 'anthropic', contextWindow: 200_000, maxTokens: 64_000, prices: p(3, 0.3, 15) },
  'claude-haiku-4-5': { vendor: 'anthropic', contextWindow: 200_000, maxTokens: 64_000, prices: p(1, 0.1, 5) },
  'claude-3-5-haiku': { vendor: 'anthropic', contextWindow: 200_000, maxTokens: 8_192, prices: p(0.8, 0.08, 4) },
  'claude-opus-4-1': { vendor: 'anthropic', contextWindow: 200_000, maxTokens: 32_000, prices: p(15, 1.5, 75) },
  'claude-opus-4': { vendor: 'anthropic', contextWindow: 200_000, maxTokens: 32_000, prices: p(15, 1.5, 75) },
  // Google (prices for prompts up to 200k tokens)
  'gemini-2.5-pro': { vendor: 'google', contextWindow: 1_048_576, maxTokens: 65_536, prices: p(1.25, 0.125, 10), reasoning: true },
  'gemini-2.5-flash': { vendor: 'google', contextWindow: 1_048_576, maxTokens: 65_536, prices: p(0.3, 0.03, 2.5), reasoning: true },
  'gemini-2.5-flash-lite': { vendor: 'google', contextWindow: 1_048_576, maxTokens: 65_536, prices: p(0.1, 0.01, 0.4), reasoning: true },
  'gemini-2.0-flash': { vendor: 'google', contextWindow: 1_048_576, maxTokens: 8_192, prices: p(0.1, 0.025, 0.4) },
  // DeepSeek (V3.2 prices; the reasoner always thinks, it takes no effort level)
  'deepseek-chat': { vendor: 'deepseek', contextWindow: 128_000, maxTokens: 8_192, prices: p(0.28, 0.028, 0.42), images: false },
  'deepseek-reasoner': { vendor: 'deepseek', contextWindow: 128_000, maxTokens: 65_536, prices: p(0.28, 0.028, 0.42), images: false },
  // xAI (grok-4 reasons but rejects reasoning_effort; grok-3-mini takes it)
  'grok-4': { vendor: 'xai', contextWindow: 256_000, maxTokens: 64_000, prices: p(3, 0.75, 15) },
  'grok-code-fast-1': { vendor: 'xai', contextWindow: 256_000, maxTokens: 10_000, prices: p(0.2, 0.02, 1.5), images: false },
  'grok-3-mini': { vendor: 'xai', contextWindow: 131_072, maxTokens: 16_384, prices: p(0.3, 0.075, 0.5), reasoning: true, images: false },
  // Mistral (no cache discount)
  'mistral-large-latest': { vendor: 'mistral', contextWindow: 131_072, maxTokens: 16_384, prices: p(2, 2, 6), images: false },
  'mistral-medium-latest': { vendor: 'mistral', contextWindow: 131_072, maxTokens: 16_384, prices: p(0.4, 0.4, 2) },
  'codestral-latest': { vendor: 'mistral', contextWindow: 256_000, maxTokens: 16_384, prices: p(0.3, 0.3, 0.9), images: false },
  'devstral-medium-latest': { vendor: 'mistral', contextWindow: 131_072, maxTokens: 16_384, prices: p(0.4, 0.4, 2), images: false },
  // Groq's own ids and prices for the open models it hosts
  'llama-3.3-70b-versatile': { vendor: 'groq', contextWindow: 131_072, maxTokens: 32_768, prices: p(0.59, 0.59, 0.79), images: false },
  'openai/gpt-oss-120b': { vendor: 'groq', contextWindow: 131_072, maxTokens: 65_536, prices: p(0.15, 0.075, 0.75), reasoning: true, images: false },
  'openai/gpt-oss-20b': { vendor: 'groq', contextWindow: 131_072, maxTokens: 65_536, prices: p(0.075, 0.0375, 0.3), reasoning: true, images: false },
  'moonshotai/kimi-k2-instruct-0905': { vendor: 'groq', contextWindow: 262_144, maxTokens: 16_384, prices: p(1, 0.5, 3), images: false },
};

/**
 * Facts for a model id as servers spell it: exactly, without a router's `vendor/` prefix
 * (OpenRouter: `anthropic/claude-sonnet-4.5`), with dots for dashes, or by the longest known
 * name it extends (`gpt-4o-2024-08-06`, `claude-sonnet-4-5-20250929`).
 */
export function lookupModelFacts(id: string): ModelFacts | undefined {
  const bare = id.includes('/') && !TABLE[id] ? id.slice(id.indexOf('/') + 1) : id;
  for (const candidate of new Set([id, bare, bare.replaceAll('.', '-')])) {
    const exact = TABLE[candidate];
    if (exact) return exact;
  }
  let best: string | undefined;
  for (const name of Object.keys(TABLE)) {
    for (const candidate of [bare, bare.replaceAll('.', '-')]) {
      if (candidate.startsWith(name) && /^[-:@]/.test(candidate.slice(name.length)) && name.length > (best?.length ?? 0)) best = name;
    }
  }
  return best ? TABLE[best] : undefined;
}
