// A Provider for any OpenAI-compatible server (api.openai.com, vLLM, llama.cpp, Ollama, LM Studio, ...).
import OpenAI, { APIError } from 'openai';
import { modelWithDefaults } from '../model-defaults.js';
import type { CompatFlags, Model, Provider } from '../types.js';
import { classifyError } from './errors.js';
import { streamChatCompletions } from './stream.js';

export interface OpenAIProviderOptions {
  /** default 'openai' */
  name?: string;
  /** e.g. 'https://api.openai.com/v1' or 'http://localhost:8080/v1' */
  baseUrl: string;
  /** default: OPENAI_API_KEY from the environment, else a placeholder (local servers need none) */
  apiKey?: string;
  /** what is known about the served models; others get defaults */
  models?: Partial<Model>[];
  compat?: CompatFlags;
  /** extra HTTP headers on every request */
  headers?: Record<string, string>;
}

export interface OpenAIProvider extends Provider {
  /** The ids the server lists at GET /models. Rejects with an Error whose message a person can act on. */
  listModels(signal?: AbortSignal): Promise<string[]>;
}

/** The SDK refuses to run without a key; local servers ignore it, so any placeholder will do. */
const NO_KEY = 'no-key';

export function openaiProvider(options: OpenAIProviderOptions): OpenAIProvider {
  const name = options.name ?? 'openai';
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const known = new Map<string, Partial<Model>>();
  for (const m of options.models ?? []) if (m.id) known.set(m.id, m);
  const providerInfo = { name, baseUrl, compat: options.compat };
  const defaultKey = () => options.apiKey ?? process.env.OPENAI_API_KEY ?? NO_KEY;

  return {
    name,
    getModel(id) {
      const modelId = id ?? options.models?.find((m) => m.id)?.id;
      if (!modelId) throw new Error(`no model id given, and provider ${name} has no models configured; pass a model id`);
      return modelWithDefaults({ ...known.get(modelId), id: modelId }, providerInfo);
    },
    stream(model, context, streamOptions) {
      // A Model built elsewhere may lack the provider's compat flags; its own flags still win.
      const withCompat = options.compat ? { ...model, compat: { ...options.compat, ...model.compat } } : model;
      const endpoint = { providerName: name, baseUrl, apiKey: streamOptions?.apiKey ?? defaultKey(), headers: options.headers };
      return streamChatCompletions(endpoint, withCompat, context, streamOptions);
    },
    async listModels(signal) {
      const client = new OpenAI({ baseURL: baseUrl, apiKey: defaultKey(), defaultHeaders: options.headers, maxRetries: 0, timeout: 30_000 });
      try {
        const page = await client.models.list({ signal });
        return page.data.map((m) => m.id);
      } catch (err) {
        if (err instanceof APIError && err.status === 404) {
          throw new Error(`the server at ${baseUrl} does not list its models (GET /models answered 404); pass the model id with --model`);
        }
        throw new Error(classifyError(err, { baseUrl, modelId: '' }).message);
      }
    },
  };
}
