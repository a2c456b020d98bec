// The model server and model a session talks to, from resolved settings.
import { openaiProvider, type OpenAIProvider } from '../../ai/openai/provider.js';
import { lookupModelFacts } from '../../ai/model-table.js';
import type { Model, ModelPrices } from '../../ai/types.js';
import { UsageError } from '../../config/errors.js';
import type { ResolvedConfig } from '../../config/resolve.js';

export function makeProvider(config: ResolvedConfig, note: (message: string) => void = (m) => process.stderr.write(`tack: ${m}\n`)): OpenAIProvider {
  return openaiProvider({
    name: config.provider,
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    apiKeyEnv: config.apiKeyEnv,
    compat: config.compat,
    api: config.api,
    models: config.providerModels.map((m) => {
      if (typeof m === 'string') return { id: m };
      const { prices, images, ...rest } = m;
      return { ...rest, ...imageCompat(images), ...(prices ? { prices: withCachePrice(prices) } : {}) };
    }),
    facts: (id) => modelFacts(config, id),
    onNote: note,
  });
}

/**
 * What is known about a model: the built-in table (its prices only where this server charges
 * them), then the settings' "models" entry for the id. The provider's own models list wins over both.
 */
export function modelFacts(config: Pick<ResolvedConfig, 'bills' | 'modelFacts'>, id: string): Partial<Model> {
  const table = lookupModelFacts(id);
  const { prices, images, ...own } = config.modelFacts[id] ?? {};
  return {
    ...(table && {
      contextWindow: table.contextWindow,
      maxTokens: table.maxTokens,
      reasoning: table.reasoning ?? false,
      ...(config.bills.includes(table.vendor) ? { prices: table.prices } : {}),
    }),
    ...own,
    ...imageCompat(images ?? table?.images),
    ...(prices ? { prices: withCachePrice(prices) } : {}),
  };
}

/** The settings' (or the table's) word on images, as the compat flag the adapters read. */
function imageCompat(images: boolean | undefined): Partial<Model> {
  return images === undefined ? {} : { compat: { supportsImages: images } };
}

/** A cached-input price left out is billed as plain input: never under-reports cost. */
function withCachePrice(prices: { input: number; output: number; cacheRead?: number }): ModelPrices {
  return { ...prices, cacheRead: prices.cacheRead ?? prices.input };
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

/** The model list of a server the user is about to save (first-run setup); rejects with a sentence. */
export function listModelsAt(baseUrl: string, key: { apiKey?: string; apiKeyEnv?: string }, signal?: AbortSignal): Promise<string[]> {
  return openaiProvider({ baseUrl, ...key }).listModels(signal);
}
