// A Provider for any OpenAI-compatible server (api.openai.com, vLLM, llama.cpp, Ollama, LM Studio, ...).
import { modelWithDefaults, withoutUndefined } from '../model-defaults.js';
import type { CompatFlags, Model, Provider, WireChoice } from '../types.js';
import { ApiError } from './api-error.js';
import { getModelIds } from './client.js';
import { classifyError } from './errors.js';
import { streamResponses } from './responses.js';
import { streamChatCompletions, type ServerQuirks } from './stream.js';

export interface OpenAIProviderOptions {
  /** default 'openai' */
  name?: string;
  /** e.g. 'https://api.openai.com/v1' or 'http://localhost:8080/v1' */
  baseUrl: string;
  /**
   * The key, from the caller's settings only: a key from the environment is never picked up here,
   * since OPENAI_API_KEY sent to another server (a router, someone's vLLM) would leak it.
   * Without one a placeholder is sent (local servers need none).
   */
  apiKey?: string;
  /** the environment variable the key came from, named when the server rejects it */
  apiKeyEnv?: string;
  /** what is known about the served models; wins over `facts` */
  models?: Partial<Model>[];
  /** what is known about any other model id (a model table); others get defaults */
  facts?: (id: string) => Partial<Model> | undefined;
  compat?: CompatFlags;
  /** default 'chat' */
  api?: WireChoice;
  /** extra HTTP headers on every request */
  headers?: Record<string, string>;
  /** one-time notes for the user (a thinking level the server ignores); default: none */
  onNote?: (message: string) => void;
}

export interface OpenAIProvider extends Provider {
  /** The ids the server lists at GET /models. Rejects with an Error whose message a person can act on. */
  listModels(signal?: AbortSignal): Promise<string[]>;
  /** compat flags learned from the server's refusals so far (e.g. `{ supportsStreamOptions: false }`) */
  readonly learned: Readonly<CompatFlags>;
}

/** Sent when there is no key: local servers ignore it, and some proxies in front of them want one. */
const NO_KEY = 'no-key';
/** how long GET /models may take */
const LIST_TIMEOUT_MS = 30_000;

export function openaiProvider(options: OpenAIProviderOptions): OpenAIProvider {
  const name = options.name ?? 'openai';
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const known = new Map<string, Partial<Model>>();
  for (const m of options.models ?? []) if (m.id) known.set(m.id, m);
  const providerInfo = { name, baseUrl, compat: options.compat };
  const apiKey = options.apiKey || NO_KEY;
  const noted = new Set<string>();
  // One per provider, so what one answer learned holds for the rest of the session.
  const quirks: ServerQuirks = {
    learned: {},
    note(message) {
      if (noted.has(message)) return;
      noted.add(message);
      options.onNote?.(message);
    },
  };

  return {
    name,
    learned: quirks.learned,
    getModel(id) {
      const modelId = id ?? options.models?.find((m) => m.id)?.id;
      if (!modelId) throw new Error(`no model id given, and provider ${name} has no models configured; pass a model id`);
      const facts = withoutUndefined(options.facts?.(modelId) ?? {});
      return modelWithDefaults({ ...facts, ...withoutUndefined(known.get(modelId) ?? {}), id: modelId }, providerInfo);
    },
    stream(model, context, streamOptions) {
      // A Model built elsewhere may lack the provider's compat flags; its own flags still win.
      const withCompat = options.compat ? { ...model, compat: { ...options.compat, ...model.compat } } : model;
      const endpoint = { providerName: name, baseUrl, apiKey: streamOptions?.apiKey ?? apiKey, apiKeyEnv: options.apiKeyEnv, headers: options.headers };
      const api = options.api ?? 'chat';
      const responses = api === 'responses' || (api === 'auto' && withCompat.reasoning);
      return (responses ? streamResponses : streamChatCompletions)(endpoint, withCompat, context, streamOptions, quirks);
    },
    async listModels(signal) {
      const limit = AbortSignal.timeout(LIST_TIMEOUT_MS);
      try {
        const ids = await getModelIds({ baseUrl, apiKey, headers: options.headers }, signal ? AbortSignal.any([signal, limit]) : limit);
        if (ids) return ids;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) {
          throw new Error(`the server at ${baseUrl} does not list its models (GET /models answered 404); pass the model id with --model`);
        }
        throw new Error(classifyError(err, { baseUrl, modelId: '', keyEnv: options.apiKeyEnv }).message);
      }
      throw new Error(`the server at ${baseUrl} answered GET /models with something other than a model list; check the base URL, which usually ends in /v1`);
    },
  };
}
