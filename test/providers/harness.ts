// Runs the real Agent with the real OpenAI adapter against the scripted server over loopback,
// from a prompt to the final answer, with two small tools: `add` and `look` (which returns an image).
import { Type } from 'typebox';
import { Agent } from '../../src/agent/agent.js';
import type { AnyAgentTool } from '../../src/agent/types.js';
import { createModels } from '../../src/ai/models.js';
import { openaiProvider, type OpenAIProvider, type OpenAIProviderOptions } from '../../src/ai/openai/provider.js';
import type { AssistantMessage, Message, Model, ThinkingLevel, ToolCall, ToolResultMessage } from '../../src/ai/types.js';
import { startMockServer, type MockServer, type MockServerOptions } from '../support/mock-openai-server.js';

export const addTool: AnyAgentTool = {
  name: 'add',
  label: 'add',
  description: 'Adds two numbers',
  parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
  execute: async (_id, params: { a: number; b: number }) => ({ content: [{ type: 'text', text: String(params.a + params.b) }], details: {} }),
};

/** 1x1 transparent PNG */
export const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const lookTool: AnyAgentTool = {
  name: 'look',
  label: 'look',
  description: 'Looks at an image file',
  parameters: Type.Object({ path: Type.String() }),
  execute: async () => ({
    content: [
      { type: 'text', text: 'Read image file [image/png]' },
      { type: 'image', data: PIXEL, mimeType: 'image/png' },
    ],
    details: {},
  }),
};

export interface RunResult {
  server: MockServer;
  provider: OpenAIProvider;
  agent: Agent;
  messages: Message[];
  /** the body of every chat request, in order */
  bodies: any[];
  notes: string[];
}

const servers: MockServer[] = [];
export async function closeServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((s) => s.close()));
}

export async function startServer(options: MockServerOptions): Promise<MockServer> {
  const server = await startMockServer(options);
  servers.push(server);
  return server;
}

export interface AgentRunOptions {
  model?: Partial<Model>;
  provider?: Partial<OpenAIProviderOptions>;
  thinkingLevel?: ThinkingLevel;
  /** prompts sent one after another (each runs to its final answer) */
  prompts?: string[];
  maxTokens?: number;
}

export async function runAgent(server: MockServer, o: AgentRunOptions = {}): Promise<RunResult> {
  const notes: string[] = [];
  const provider = openaiProvider({
    baseUrl: server.url,
    apiKey: 'test-key',
    models: [{ id: 'mock-model', ...o.model }],
    onNote: (n) => notes.push(n),
    ...o.provider,
  });
  const models = createModels();
  models.setProvider(provider);
  const agent = new Agent({
    initialState: { systemPrompt: 'You are a test.', model: provider.getModel('mock-model'), tools: [addTool, lookTool], thinkingLevel: o.thinkingLevel },
    streamFn: models.streamSimple.bind(models),
    streamOptions: { retry: { maxAttempts: 1 }, maxTokens: o.maxTokens },
  });
  for (const prompt of o.prompts ?? ['go']) await agent.prompt(prompt);
  return { server, provider, agent, messages: agent.state.messages, bodies: server.chatRequests().map((r) => r.body), notes };
}

export const assistants = (messages: Message[]) => messages.filter((m): m is AssistantMessage => m.role === 'assistant');
export const results = (messages: Message[]) => messages.filter((m): m is ToolResultMessage => m.role === 'toolResult');
export const callsOf = (messages: Message[]) => assistants(messages).flatMap((m) => m.content.filter((c): c is ToolCall => c.type === 'toolCall'));
export const textOf = (m: AssistantMessage) => m.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
export const thinkingOf = (m: AssistantMessage) => m.content.map((c) => (c.type === 'thinking' ? c.thinking : '')).join('');

/** Every tool call has exactly one result, no assistant message ended in error, the last one answers. */
export function expectCompleteTranscript(messages: Message[], finalText: string): void {
  const calls = callsOf(messages);
  const answered = results(messages).map((r) => r.toolCallId);
  if (
    calls
      .map((c) => c.id)
      .sort()
      .join() !== answered.sort().join()
  )
    throw new Error(`unanswered or extra results: ${JSON.stringify({ calls, answered })}`);
  for (const m of assistants(messages)) if (m.stopReason === 'error') throw new Error(`assistant error: ${m.errorMessage}`);
  const last = messages.at(-1);
  if (last?.role !== 'assistant' || textOf(last) !== finalText) throw new Error(`final answer was ${JSON.stringify(last)}`);
}
