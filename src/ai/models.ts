// The model registry: which provider serves which model, and one entry point to stream from it.
import { noProvider } from './registry.js';
import type { AssistantMessage, AssistantMessageStream, Context, Model, Provider, StreamOptions } from './types.js';

export interface Models {
  /** Registers a provider and makes it the default for `getModel`. */
  setProvider(provider: Provider): void;
  /** A model of the default provider (its default model when no id is given). */
  getModel(id?: string): Model;
  /** Streams from the provider named by `model.provider`. Never throws. */
  streamSimple(model: Model, context: Context, options?: StreamOptions): AssistantMessageStream;
  /** Streams and waits for the final message. Never rejects. */
  complete(model: Model, context: Context, options?: StreamOptions): Promise<AssistantMessage>;
}

export function createModels(): Models {
  const providers = new Map<string, Provider>();
  let current: Provider | undefined;

  const streamSimple: Models['streamSimple'] = (model, context, options) => {
    const provider = providers.get(model.provider);
    return provider ? provider.stream(model, context, options) : noProvider(model);
  };

  return {
    setProvider(provider) {
      providers.set(provider.name, provider);
      current = provider;
    },
    getModel(id) {
      if (!current) throw new Error('no provider is set: call setProvider() first');
      return current.getModel(id);
    },
    streamSimple,
    complete: (model, context, options) => streamSimple(model, context, options).result(),
  };
}
