// The OpenAI adapter over real loopback HTTP, with the real SDK, against the scripted server:
// what arrives as chunks must come out as the right content blocks and events.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openaiProvider } from '../../src/ai/openai/provider.js';
import type { ToolCall } from '../../src/ai/types.js';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';
import { run, textOf, userContext } from './openai-helpers.js';

let server: MockServer;
beforeEach(async () => {
  server = await startMockServer();
});
afterEach(async () => {
  await server.close();
});

function toolCalls(message: { content: { type: string }[] }): ToolCall[] {
  return message.content.filter((c): c is ToolCall => c.type === 'toolCall');
}

describe('OpenAI adapter: streaming', () => {
  it('streams text as start, text_start, deltas, text_end, done', async () => {
    server.push({ text: 'Hello there, how can I help?', chunkSize: 5 });
    const { types, events, message } = await run(server);
    expect(types).toEqual(['start', 'text_start', ...Array(6).fill('text_delta'), 'text_end', 'done']);
    expect(events.filter((e) => e.type === 'text_delta').map((e) => (e as { delta: string }).delta)).toEqual([
      'Hello',
      ' ther',
      'e, ho',
      'w can',
      ' I he',
      'lp?',
    ]);
    expect(textOf(message)).toBe('Hello there, how can I help?');
    expect(message).toMatchObject({ role: 'assistant', stopReason: 'stop', provider: 'openai', model: 'mock-model' });
    expect(events.every((e) => e.partial === message)).toBe(true);
  });

  it('sends the system prompt, the conversation, the tools and asks for usage', async () => {
    server.push({ text: 'ok' });
    const tools = [{ name: 'read', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } }];
    await run(server, { maxTokens: 100, temperature: 0.5 }, userContext('hello', { tools }));
    const body = server.chatRequests()[0]!.body;
    expect(body).toMatchObject({
      model: 'mock-model',
      stream: true,
      stream_options: { include_usage: true },
      max_completion_tokens: 100,
      temperature: 0.5,
      messages: [
        { role: 'system', content: 'You are a test.' },
        { role: 'user', content: 'hello' },
      ],
      tools: [{ type: 'function', function: tools[0] }],
    });
    expect(server.chatRequests()[0]!.headers.authorization).toBe('Bearer test-key');
  });

  it('assembles a tool call whose arguments arrive in many fragments, showing partial arguments as they grow', async () => {
    const args = { path: 'src/index.ts', content: 'export const x = "quoted";\n'.repeat(5) };
    server.push({ toolCalls: [{ id: 'call_1', name: 'write', arguments: args }], chunkSize: 3 });
    const snapshots: Record<string, unknown>[] = [];
    const { events, message, types } = await run(server, {}, userContext(), {}, (event) => {
      if (event.type === 'toolcall_delta') snapshots.push(structuredClone((event.partial.content[0] as ToolCall).arguments));
    });
    expect(snapshots.length).toBe(Math.ceil(JSON.stringify(args).length / 3));
    // Mid-stream the path is already complete while the content is still growing.
    const midArgs = snapshots[Math.floor(snapshots.length / 2)]!;
    expect(midArgs.path).toBe('src/index.ts');
    expect(typeof midArgs.content === 'string' && args.content.startsWith(midArgs.content as string)).toBe(true);
    expect((midArgs.content as string).length).toBeLessThan(args.content.length);

    expect(types[0]).toBe('start');
    expect(types[1]).toBe('toolcall_start');
    expect(types.slice(-2)).toEqual(['toolcall_end', 'done']);
    const end = events.find((e) => e.type === 'toolcall_end')!;
    expect(end.type === 'toolcall_end' && end.toolCall).toEqual({ type: 'toolCall', id: 'call_1', name: 'write', arguments: args });
    expect(message.stopReason).toBe('toolUse');
    expect(toolCalls(message)).toEqual([{ type: 'toolCall', id: 'call_1', name: 'write', arguments: args }]);
  });

  it('keeps two tool calls interleaved by index apart', async () => {
    server.push({
      text: 'Reading both.',
      toolCalls: [
        { id: 'a', name: 'read', arguments: { path: 'first/file.ts' } },
        { id: 'b', name: 'grep', arguments: { pattern: 'needle', path: 'second' } },
      ],
      interleave: true,
      chunkSize: 4,
    });
    const { message, types } = await run(server);
    expect(message.content).toEqual([
      { type: 'text', text: 'Reading both.' },
      { type: 'toolCall', id: 'a', name: 'read', arguments: { path: 'first/file.ts' } },
      { type: 'toolCall', id: 'b', name: 'grep', arguments: { pattern: 'needle', path: 'second' } },
    ]);
    expect(types.filter((t) => t.startsWith('toolcall_start') || t.startsWith('toolcall_end'))).toEqual([
      'toolcall_start',
      'toolcall_start',
      'toolcall_end',
      'toolcall_end',
    ]);
    expect(types.indexOf('text_end')).toBeLessThan(types.indexOf('toolcall_start'));
  });

  it('tolerates fragments without an index: a new id starts a call, no id continues the last', async () => {
    server.push({
      toolCalls: [
        { id: 'x1', name: 'ls', arguments: { path: '.' } },
        { id: 'x2', name: 'read', arguments: { path: 'README.md', limit: 20 } },
      ],
      omitIndex: true,
      chunkSize: 5,
    });
    const { message } = await run(server);
    expect(toolCalls(message)).toEqual([
      { type: 'toolCall', id: 'x1', name: 'ls', arguments: { path: '.' } },
      { type: 'toolCall', id: 'x2', name: 'read', arguments: { path: 'README.md', limit: 20 } },
    ]);
  });

  it('takes whole arguments sent in the first fragment', async () => {
    server.push({ toolCalls: [{ id: 'one', name: 'bash', arguments: { command: 'ls -la' } }], argumentsInOneChunk: true });
    const { message, types } = await run(server);
    expect(toolCalls(message)).toEqual([{ type: 'toolCall', id: 'one', name: 'bash', arguments: { command: 'ls -la' } }]);
    expect(types.filter((t) => t === 'toolcall_delta')).toHaveLength(1);
  });

  it('turns empty arguments into {} and malformed ones into invalidArguments', async () => {
    server.push({
      toolCalls: [
        { id: 'e', name: 'ls', arguments: '' },
        { id: 'm', name: 'read', arguments: '{"path": "a' },
      ],
    });
    const { message } = await run(server);
    const [empty, malformed] = toolCalls(message);
    expect(empty).toEqual({ type: 'toolCall', id: 'e', name: 'ls', arguments: {} });
    expect(malformed).toMatchObject({ id: 'm', name: 'read', arguments: {}, invalidArguments: { raw: '{"path": "a' } });
    expect(malformed!.invalidArguments!.error).toMatch(/JSON|string/i);
    expect(message.stopReason).toBe('toolUse');
  });

  it.each(['reasoning_content', 'reasoning'] as const)('turns %s deltas into a thinking block before the answer', async (field) => {
    server.push({ reasoning: 'The user greets me. I should greet back.', text: 'Hi!', reasoningField: field });
    const { message, types } = await run(server);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'The user greets me. I should greet back.', format: field },
      { type: 'text', text: 'Hi!' },
    ]);
    expect(types.indexOf('thinking_end')).toBeLessThan(types.indexOf('text_start'));
    expect(types.filter((t) => t === 'thinking_delta').length).toBeGreaterThan(1);
  });

  it('does not send thinking of unknown origin back, and replays tool calls and results', async () => {
    server.push({ text: 'done' });
    await run(
      server,
      {},
      {
        messages: [
          { role: 'user', content: 'read a', timestamp: 0 },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: 'secret' },
              { type: 'toolCall', id: 't1', name: 'read', arguments: { path: 'a' } },
            ],
            provider: 'openai',
            model: 'mock-model',
            usage: { input: 0, output: 0, cacheRead: 0, totalTokens: 0, cost: null },
            stopReason: 'toolUse',
            timestamp: 0,
          },
          { role: 'toolResult', toolCallId: 't1', toolName: 'read', content: [{ type: 'text', text: 'contents' }], isError: false, timestamp: 0 },
        ],
      },
    );
    expect(server.chatRequests()[0]!.body.messages).toEqual([
      { role: 'user', content: 'read a' },
      { role: 'assistant', content: null, tool_calls: [{ id: 't1', type: 'function', function: { name: 'read', arguments: '{"path":"a"}' } }] },
      { role: 'tool', tool_call_id: 't1', content: 'contents' },
    ]);
  });

  it('reads usage from the final chunk and prices it, cached input at the cache price', async () => {
    server.push({ text: 'x', usage: { prompt_tokens: 1_000_000, completion_tokens: 500_000, cached_tokens: 400_000 } });
    const { message } = await run(server, {}, userContext(), { prices: { input: 2, output: 8, cacheRead: 0.5 } });
    expect(message.usage).toEqual({
      input: 1_000_000,
      output: 500_000,
      cacheRead: 400_000,
      totalTokens: 1_500_000,
      cost: { input: 1.2, output: 4, cacheRead: 0.2, total: 5.4 },
    });
  });

  it('leaves cost null when the model prices are unknown', async () => {
    server.push({ text: 'x', usage: { prompt_tokens: 10, completion_tokens: 2 } });
    const { message } = await run(server);
    expect(message.usage).toEqual({ input: 10, output: 2, cacheRead: 0, totalTokens: 12, cost: null });
  });

  it.each([
    [{ text: 'cut', finishReason: 'length' }, 'length'],
    [{ text: 'filtered', finishReason: 'content_filter' }, 'stop'],
    [{ text: 'odd', finishReason: 'eos_token' }, 'stop'],
    [{ toolCalls: [{ name: 'ls', arguments: {} }], finishReason: 'function_call' }, 'toolUse'],
    [{ toolCalls: [{ name: 'ls', arguments: {} }], finishReason: 'stop' }, 'toolUse'],
    [{ toolCalls: [{ name: 'ls', arguments: {} }], omitFinishReason: true }, 'toolUse'],
    [{ text: 'no reason', omitFinishReason: true }, 'stop'],
  ])('maps finish_reason of %j to %s without failing', async (turn, expected) => {
    server.push(turn);
    const { message, types } = await run(server);
    expect(types.at(-1)).toBe('done');
    expect(message.stopReason).toBe(expected);
  });

  it('stops with "aborted" when the signal fires mid-stream, keeping what arrived', async () => {
    server.push({ text: 'a slow answer that will be cut off somewhere', chunkSize: 4, delayMs: 30 });
    const controller = new AbortController();
    const provider = openaiProvider({ baseUrl: server.url, apiKey: 'k' });
    const stream = provider.stream(provider.getModel('mock-model'), userContext(), { signal: controller.signal });
    const types: string[] = [];
    for await (const event of stream) {
      types.push(event.type);
      if (types.filter((t) => t === 'text_delta').length === 2) controller.abort();
    }
    const message = await stream.result();
    expect(types.at(-1)).toBe('error');
    expect(message).toMatchObject({ stopReason: 'aborted', errorKind: 'aborted' });
    expect(textOf(message).length).toBeGreaterThanOrEqual(8);
    expect(textOf(message).length).toBeLessThan(20);
    expect(server.chatRequests()).toHaveLength(1);
  });

  // how fast is measured in bench/ (interactive.bench.mjs streams the same), not asserted here
  it('streams a 300,000-character answer in 8-character chunks, every chunk a delta', async () => {
    const text = 'abcdefghij'.repeat(30_000);
    server.push({ text, chunkSize: 8 });
    const { message, types } = await run(server);
    expect(textOf(message)).toBe(text);
    expect(types.filter((t) => t === 'text_delta')).toHaveLength(37_500);
  });

  it('streams 300,000 characters of tool arguments in 8-character chunks into one whole value', async () => {
    const content = 'line "x"\n'.repeat(33_000);
    server.push({ toolCalls: [{ id: 'w', name: 'write', arguments: { path: 'big.txt', content } }], chunkSize: 8 });
    const { message } = await run(server);
    expect(toolCalls(message)[0]!.arguments).toEqual({ path: 'big.txt', content });
  });
});
