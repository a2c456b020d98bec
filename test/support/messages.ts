// Conversation messages for tests that read a conversation (compaction, the session file): a user's
// text, an answer with tool calls and its server count, a tool's result.
import type { AssistantMessage, Message } from '../../src/ai/types.js';

export const user = (text: string, timestamp = 1): Message => ({ role: 'user', content: text, timestamp });

export const assistant = (text: string, calls: string[] = [], input = 0, timestamp = 1): AssistantMessage => ({
  role: 'assistant',
  content: [
    ...(text ? [{ type: 'text' as const, text }] : []),
    ...calls.map((id) => ({ type: 'toolCall' as const, id, name: 'read', arguments: { path: id } })),
  ],
  provider: 'p',
  model: 'm',
  usage: { input, output: 0, cacheRead: 0, totalTokens: input, cost: null },
  stopReason: calls.length ? 'toolUse' : 'stop',
  timestamp,
});

export const result = (id: string, text = 'ok'): Message => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: 'read',
  content: [{ type: 'text', text }],
  isError: false,
  timestamp: 1,
});
