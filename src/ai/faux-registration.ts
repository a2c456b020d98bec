// pi-ai's `registerFauxProvider`: a scripted provider registered in the process-wide registry under
// an API name of its own, so `streamSimple` (and an Agent without a stream function) reaches it.
import { randomUUID } from 'node:crypto';
import { fauxProvider, type FauxStep } from './faux.js';
import { registerProvider } from './registry.js';
import type { AssistantMessage, Context, Model, StreamOptions } from './types.js';

export interface FauxModelDefinition {
  id: string;
  name?: string;
  reasoning?: boolean;
  input?: ('text' | 'image')[];
  cost?: { input: number; output: number; cacheRead: number; cacheWrite: number };
  contextWindow?: number;
  maxTokens?: number;
}

export type FauxResponseFactory = (
  context: Context,
  options: StreamOptions | undefined,
  state: { callCount: number },
  model: Model,
) => AssistantMessage | Promise<AssistantMessage>;

export type FauxResponseStep = AssistantMessage | FauxResponseFactory;

export interface RegisterFauxProviderOptions {
  api?: string;
  provider?: string;
  models?: FauxModelDefinition[];
  /** characters per streamed delta */
  tokenSize?: { min?: number; max?: number };
}

export interface FauxProviderRegistration {
  api: string;
  models: Model[];
  getModel(id?: string): Model | undefined;
  state: { callCount: number };
  setResponses(responses: FauxResponseStep[]): void;
  appendResponses(responses: FauxResponseStep[]): void;
  getPendingResponseCount(): number;
  unregister(): void;
}

const DEFAULT_MODEL: FauxModelDefinition = { id: 'faux-1', name: 'Faux Model', contextWindow: 128_000, maxTokens: 16_384 };

export function registerFauxProvider(options: RegisterFauxProviderOptions = {}): FauxProviderRegistration {
  const api = options.api ?? `faux-${randomUUID().slice(0, 8)}`;
  const provider = options.provider ?? 'faux';
  const faux = fauxProvider({ name: provider, chunkSize: options.tokenSize?.max ?? 4 });
  const state = { callCount: 0 };
  const models: Model[] = (options.models?.length ? options.models : [DEFAULT_MODEL]).map((d) => ({
    id: d.id,
    name: d.name ?? d.id,
    api,
    provider,
    baseUrl: 'faux://',
    reasoning: d.reasoning ?? false,
    input: d.input ?? ['text', 'image'],
    cost: d.cost ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    prices: d.cost ? { input: d.cost.input, output: d.cost.output, cacheRead: d.cost.cacheRead } : null,
    contextWindow: d.contextWindow ?? 128_000,
    maxTokens: d.maxTokens ?? 16_384,
  }));
  const toStep = (step: FauxResponseStep): FauxStep => (typeof step === 'function' ? (context, model, o) => step(context, o, state, model) : step);
  const getModel = (id?: string) => (id === undefined ? models[0] : models.find((m) => m.id === id));
  const unregister = registerProvider(
    {
      name: provider,
      getModel: (id) => getModel(id) ?? (models[0] as Model),
      stream(model, context, o) {
        state.callCount++;
        return faux.provider.stream(model, context, o);
      },
    },
    api,
  );
  return {
    api,
    models,
    getModel,
    state,
    setResponses: (responses) => faux.setResponses(responses.map(toStep)),
    appendResponses: (responses) => faux.appendResponses(responses.map(toStep)),
    getPendingResponseCount: () => faux.pendingCount,
    unregister,
  };
}
