// Shared setup for the OpenAI adapter tests: a provider pointed at a mock server, and event collection.
import { openaiProvider, type OpenAIProviderOptions } from '../../src/ai/openai/provider.js';
import type { AssistantMessage, AssistantMessageEvent, Context, Model, StreamOptions } from '../../src/ai/types.js';
import type { MockServer } from '../support/mock-openai-server.js';

export const FAST_RETRY = { maxAttempts: 4, baseDelayMs: 10, maxDelayMs: 50 };

export function userContext(text = 'hi', extra: Partial<Context> = {}): Context {
  return { systemPrompt: 'You are a test.', messages: [{ role: 'user', content: text, timestamp: 0 }], ...extra };
}

export interface Collected {
  events: AssistantMessageEvent[];
  message: AssistantMessage;
  types: string[];
}

export async function run(
  server: MockServer,
  options: StreamOptions = {},
  context: Context = userContext(),
  modelOverrides: Partial<Model> = {},
  /** sees each event as it happens, while `partial` still shows the message at that moment */
  onEvent: (event: AssistantMessageEvent) => void = () => {},
  providerOptions: Partial<OpenAIProviderOptions> = {},
): Promise<Collected> {
  const provider = openaiProvider({ baseUrl: server.url, apiKey: 'test-key', models: [{ id: 'mock-model', ...modelOverrides }], ...providerOptions });
  const stream = provider.stream(provider.getModel('mock-model'), context, { retry: FAST_RETRY, ...options });
  const events: AssistantMessageEvent[] = [];
  for await (const event of stream) {
    events.push(event);
    onEvent(event);
  }
  const message = await stream.result();
  return { events, message, types: events.map((e) => e.type) };
}

export function textOf(message: AssistantMessage): string {
  return message.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}
