// The Agent's state: its defaults (pi's), and how each event changes it.
import type { AssistantMessage, Model, Usage } from '../ai/types.js';
import type { AgentEvent, AgentMessage, AgentOptions, AgentState, AnyAgentTool } from './types.js';

const DEFAULT_MODEL: Model = {
  id: 'unknown',
  name: 'unknown',
  api: 'unknown',
  provider: 'unknown',
  baseUrl: '',
  reasoning: false,
  input: [],
  prices: null,
  contextWindow: 0,
  maxTokens: 0,
};

export const EMPTY_USAGE: Usage = { input: 0, output: 0, cacheRead: 0, totalTokens: 0, cost: null };

/** What the Agent itself may change. */
export interface MutableState extends AgentState {
  isStreaming: boolean;
  streamingMessage?: AssistantMessage;
  pendingToolCalls: Set<string>;
  errorMessage?: string;
}

export function createState(init: AgentOptions['initialState'] = {}): MutableState {
  let tools = init.tools?.slice() ?? [];
  let messages = init.messages?.slice() ?? [];
  return {
    systemPrompt: init.systemPrompt ?? '',
    model: init.model ?? DEFAULT_MODEL,
    thinkingLevel: init.thinkingLevel ?? 'off',
    get tools() {
      return tools;
    },
    set tools(next: AnyAgentTool[]) {
      tools = next.slice();
    },
    get messages() {
      return messages;
    },
    set messages(next: AgentMessage[]) {
      messages = next.slice();
    },
    isStreaming: false,
    streamingMessage: undefined,
    pendingToolCalls: new Set(),
    errorMessage: undefined,
  };
}

/** The Agent's own state changes first, so listeners always see it up to date. */
export function applyEvent(s: MutableState, event: AgentEvent): void {
  switch (event.type) {
    case 'message_start':
      if (event.message.role === 'assistant') s.streamingMessage = event.message;
      break;
    case 'message_update':
      s.streamingMessage = event.message;
      break;
    case 'message_end':
      s.messages.push(event.message);
      if (event.message.role === 'assistant') s.streamingMessage = undefined;
      break;
    case 'turn_end':
      if (event.message.errorMessage) s.errorMessage = event.message.errorMessage;
      break;
    case 'retry':
      s.streamingMessage = undefined;
      break;
    case 'tool_execution_start':
      s.pendingToolCalls.add(event.toolCallId);
      break;
    case 'tool_execution_end':
      s.pendingToolCalls.delete(event.toolCallId);
      break;
    case 'agent_end':
      s.streamingMessage = undefined;
      break;
  }
}
