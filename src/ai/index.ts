export * from './types.js';
export { EventStream, emptyUsage, newAssistantMessage } from './event-stream.js';
