// The process-wide model registry (pi-ai's `getModel` / `streamSimple`): providers registered by
// name, and the built-in OpenAI-compatible vendors for models that name one of them.
import { AssistantMessageEventStream, newAssistantMessage } from './event-stream.js';
import { lookupModelFacts } from './model-table.js';
import { modelWithDefaults } from './model-defaults.js';
import { openaiProvider } from './openai/provider.js';
import { PRESETS, type Preset } from './presets.js';
import type { AssistantMessage, AssistantMessageStream, Context, Model, Provider, StreamOptions } from './types.js';

const registered = new Map<string, Provider>();
const byApi = new Map<string, Provider>();
const vendors = new Map<string, Provider>();

/**
 * Streams for models whose `provider` is this provider's name, or (given `api`, as pi-ai registers)
 * whose `api` is that name; returns the undo.
 */
export function registerProvider(provider: Provider, api?: string): () => void {
  const map = api === undefined ? registered : byApi;
  const key = api ?? provider.name;
  map.set(key, provider);
  return () => {
    if (map.get(key) === provider) map.delete(key);
  };
}

/** pi-ai names Google's models `google`; tack's preset for its OpenAI-compatible endpoint is `gemini`. */
function presetOf(provider: string): Preset | undefined {
  return PRESETS[provider === 'google' ? 'gemini' : provider];
}

/**
 * A model of a built-in vendor (`openai`, `anthropic`, `google`, `deepseek`, `xai`, `mistral`, `groq`,
 * `openrouter`, …) from tack's model table; undefined for an id the table does not know there.
 */
export function getModel(provider: string, id: string): Model | undefined {
  const preset = presetOf(provider);
  const facts = lookupModelFacts(id);
  if (!preset || !facts || !(preset.bills ?? []).includes(facts.vendor)) return undefined;
  const known: Partial<Model> & { id: string } = {
    id,
    contextWindow: facts.contextWindow,
    maxTokens: facts.maxTokens,
    prices: facts.prices,
    reasoning: facts.reasoning ?? false,
    input: facts.images === false ? ['text'] : ['text', 'image'],
    ...(facts.images === false ? { compat: { supportsImages: false } } : {}),
  };
  return modelWithDefaults(known, { name: provider, baseUrl: preset.baseUrl, compat: preset.compat });
}

/**
 * The vendor's key from its environment variable, only for the vendor's own address: a model
 * pointed elsewhere never receives it.
 */
function vendorProvider(model: Model): Provider | undefined {
  const preset = presetOf(model.provider);
  if (!preset) return undefined;
  const id = `${model.provider} ${model.baseUrl}`;
  let provider = vendors.get(id);
  if (!provider) {
    const own = model.baseUrl.replace(/\/+$/, '') === preset.baseUrl;
    const apiKey = own && preset.apiKeyEnv ? process.env[preset.apiKeyEnv] : undefined;
    provider = openaiProvider({ name: model.provider, baseUrl: model.baseUrl, apiKey, apiKeyEnv: preset.apiKeyEnv, compat: preset.compat, api: preset.api });
    vendors.set(id, provider);
  }
  return provider;
}

/** Streams from the provider the model names. Never throws: an unknown provider is an `error` event. */
export function streamSimple(model: Model, context: Context, options?: StreamOptions): AssistantMessageStream {
  const provider = (model.api !== undefined ? byApi.get(model.api) : undefined) ?? registered.get(model.provider) ?? vendorProvider(model);
  return provider ? provider.stream(model, context, options) : noProvider(model);
}

/** The answer for a model whose provider nobody set up: an `error` event that says so. */
export function noProvider(model: Model): AssistantMessageEventStream {
  const stream = new AssistantMessageEventStream();
  const message = newAssistantMessage(model.provider, model.id);
  message.stopReason = 'error';
  message.errorKind = 'unknown';
  message.errorMessage = `no provider named "${model.provider}" is set up for model ${model.id}`;
  stream.push({ type: 'error', reason: 'error', error: message, partial: message });
  return stream;
}

/** Streams and waits for the final message. Never rejects. */
export function completeSimple(model: Model, context: Context, options?: StreamOptions): Promise<AssistantMessage> {
  return streamSimple(model, context, options).result();
}
