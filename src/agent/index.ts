export * from './types.js';
export { Agent } from './agent.js';
export { agentLoop, agentLoopContinue, runAgentLoop, runAgentLoopContinue, defaultConvertToLlm } from './agent-loop.js';
export type { QueueKind, QueuedMessage } from './message-queue.js';
export { validateToolCall } from './validate.js';
