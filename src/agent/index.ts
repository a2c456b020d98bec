export * from './types.js';
export { Agent, type QueuedMessage, type QueueKind } from './agent.js';
export { runLoop, type LoopConfig } from './loop.js';
export { validateToolCall } from './validate.js';
