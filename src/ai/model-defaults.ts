import type { CompatFlags, Model } from './types.js';

/** What we assume about a model nobody told us about: a common modern size, prices unknown. */
export const DEFAULT_CONTEXT_WINDOW = 128_000;
export const DEFAULT_MAX_TOKENS = 16_384;

/**
 * A full Model from whatever is known about it (fields left undefined count as unknown); the
 * model's own compat flags win over the provider's.
 */
export function modelWithDefaults(known: Partial<Model> & { id: string }, provider: { name: string; baseUrl: string; compat?: CompatFlags }): Model {
  const compat = provider.compat || known.compat ? { ...provider.compat, ...known.compat } : undefined;
  return {
    name: known.id,
    contextWindow: DEFAULT_CONTEXT_WINDOW,
    maxTokens: DEFAULT_MAX_TOKENS,
    prices: null,
    reasoning: false,
    ...withoutUndefined(known),
    id: known.id,
    provider: provider.name,
    baseUrl: provider.baseUrl,
    ...(compat ? { compat } : {}),
  };
}

/** The fields of `value` that are set: an undefined field must not hide a known one when merging. */
export function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Whether image parts reach the model: unless a table, the settings or the server said it reads text only. */
export function acceptsImages(model: Pick<Model, 'compat'>): boolean {
  return model.compat?.supportsImages !== false;
}
