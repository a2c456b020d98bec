// The model server and model a session talks to, from resolved settings.
import { openaiProvider, type OpenAIProvider } from '../ai/openai/provider.js';
import type { Model } from '../ai/types.js';
import { UsageError } from '../config/errors.js';
import type { ResolvedConfig } from '../config/resolve.js';

export function makeProvider(config: ResolvedConfig): OpenAIProvider {
  return openaiProvider({
    name: config.provider,
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    compat: config.compat,
    models: config.providerModels.map((m) => {
      if (typeof m === 'string') return { id: m };
      // A cached-input price left out is billed as plain input: never under-reports cost.
      const prices = m.prices ? { ...m.prices, cacheRead: m.prices.cacheRead ?? m.prices.input } : undefined;
      return { ...m, prices };
    }),
  });
}

/** The server's model list, with errors in words a person can act on. */
export function listServerModels(config: ResolvedConfig, signal?: AbortSignal): Promise<string[]> {
  return makeProvider(config).listModels(signal);
}

/** The configured model, else the provider's first configured one, else the server's first. */
export async function pickModel(config: ResolvedConfig, provider: OpenAIProvider, preferred?: string): Promise<Model> {
  const wanted = config.model ?? preferred;
  if (wanted) return provider.getModel(wanted);
  const configured = config.providerModels[0];
  if (configured) return provider.getModel(typeof configured === 'string' ? configured : configured.id);
  let ids: string[];
  try {
    ids = await provider.listModels();
  } catch (err) {
    throw new UsageError(`no model is set and the server's model list is unavailable (${(err as Error).message})`, 1);
  }
  if (ids.length === 0) throw new UsageError(`no model is set and the server at ${config.baseUrl} lists none; pass --model`);
  return provider.getModel(ids[0]);
}
