export * from './types.js';
export { EventStream, emptyUsage, newAssistantMessage } from './event-stream.js';
export { createModels, type Models } from './models.js';
export { fauxProvider, fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall, type FauxProvider, type FauxStep, type FauxOptions } from './faux.js';
