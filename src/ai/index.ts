export * from './types.js';
export { textOf, type TextOfOptions } from './content.js';
export { EventStream, AssistantMessageEventStream, createAssistantMessageEventStream, emptyUsage, newAssistantMessage } from './event-stream.js';
export { createModels, type Models } from './models.js';
export { getModel, registerProvider, streamSimple, completeSimple } from './registry.js';
export {
  registerFauxProvider,
  type FauxModelDefinition,
  type FauxProviderRegistration,
  type FauxResponseFactory,
  type FauxResponseStep,
  type RegisterFauxProviderOptions,
} from './faux-registration.js';
export { fauxProvider, fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall, type FauxProvider, type FauxStep, type FauxOptions } from './faux.js';
export { openaiProvider, type OpenAIProvider, type OpenAIProviderOptions } from './openai/provider.js';
export { PartialJsonParser, parseToolArguments } from './partial-json.js';
export { DEFAULT_RETRY_POLICY, MAX_RETRY_AFTER_MS, parseRetryAfter, resolveRetryPolicy, retryDelay, type RetryPolicy } from './retry.js';
export { computeCost } from './cost.js';
export { DEFAULT_CONTEXT_WINDOW, DEFAULT_MAX_TOKENS, modelWithDefaults } from './model-defaults.js';
