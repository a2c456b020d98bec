// The Responses API adapter over real loopback HTTP, with the real SDK, against the scripted
// server: the same events as Chat, reasoning summaries as thinking, encrypted reasoning carried to
// the next request of the turn, and the same retries.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AssistantMessage, ThinkingContent } from '../../src/ai/types.js';
import { assistants, closeServers, runAgent, startServer } from '../providers/harness.js';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';
import { run, textOf, userContext } from './openai-helpers.js';

let server: MockServer;
beforeEach(async () => {
  server = await startMockServer();
});
afterEach(async () => {
  await server.close();
  await closeServers();
});

const responses = { api: 'responses' as const };
const reasoningModel = { reasoning: true };

describe('Responses API adapter', () => {
  it('streams the reasoning summary as thinking and the answer as text, with the events Chat gives', async () => {
    server.push({
      reasoning: 'Plan: greet.',
      text: 'Hello there!',
      chunkSize: 6,
      usage: { prompt_tokens: 50, completion_tokens: 30, cached_tokens: 20 },
      reasoningTokens: 18,
    });
    const { types, message } = await run(server, { thinkingLevel: 'high' }, userContext('hi'), reasoningModel, () => {}, responses);
    expect(types).toEqual([
      'start',
      'thinking_start',
      'thinking_delta',
      'thinking_delta',
      'thinking_end',
      'text_start',
      'text_delta',
      'text_delta',
      'text_end',
      'done',
    ]);
    expect(message.content[0]).toEqual({
      type: 'thinking',
      thinking: 'Plan: greet.',
      format: 'responses',
      summary: true,
      sealed: { id: 'rs_0', encrypted: `enc:${Buffer.from('Plan: greet.').toString('base64')}` },
    });
    expect(textOf(message)).toBe('Hello there!');
    expect(message.usage).toMatchObject({ input: 50, output: 30, cacheRead: 20, reasoning: 18, totalTokens: 80 });
    expect(message.stopReason).toBe('stop');
    expect(server.chatRequests()).toHaveLength(0);
    const body = server.responsesRequests()[0]!.body;
    expect(body).toMatchObject({
      model: 'mock-model',
      stream: true,
      store: false,
      include: ['reasoning.encrypted_content'],
      reasoning: { summary: 'auto', effort: 'high' },
      instructions: 'You are a test.',
      input: [{ role: 'user', content: 'hi' }],
    });
  });

  it('sends tools as Responses functions, and assembles a call whose arguments arrive in pieces', async () => {
    server.push({ toolCalls: [{ id: 'call_9', name: 'read', arguments: { path: 'src/a.ts' } }], chunkSize: 3 });
    const tools = [
      {
        name: 'read',
        description: 'Read a file',
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
      },
    ];
    const { message, types } = await run(server, {}, userContext('go', { tools }), {}, () => {}, responses);
    expect(message.content).toEqual([{ type: 'toolCall', id: 'call_9', name: 'read', arguments: { path: 'src/a.ts' } }]);
    expect(message.stopReason).toBe('toolUse');
    expect(types.slice(-2)).toEqual(['toolcall_end', 'done']);
    const body = server.responsesRequests()[0]!.body;
    expect(body.tools).toEqual([{ type: 'function', name: 'read', description: 'Read a file', parameters: tools[0]!.parameters, strict: true }]);
    // Not a reasoning model: no reasoning options.
    expect(body.reasoning).toBeUndefined();
    expect(body.include).toBeUndefined();
  });

  it('survives a 429 and a dropped stream, keeping nothing of the dropped attempt', async () => {
    server.push({ status: 429, headers: { 'retry-after-ms': '10' } }, { drop: true, afterText: 'partial answ' }, { text: 'Whole answer.' });
    const { types, message, events } = await run(server, {}, userContext(), {}, () => {}, responses);
    const retries = events.filter((e) => e.type === 'retry');
    expect(retries.map((e) => e.type === 'retry' && e.reason)).toEqual(['rate limited (429)', 'connection dropped']);
    expect(types.at(-1)).toBe('done');
    expect(message.content).toEqual([{ type: 'text', text: 'Whole answer.' }]);
    expect(server.responsesRequests()).toHaveLength(3);
  });

  it('retries an error event sent mid-stream, and ends in a readable error when it keeps coming', async () => {
    const failed = {
      rawChunks: [
        { type: 'response.created', response: { id: 'r', status: 'in_progress' } },
        { type: 'error', code: 'server_error', message: 'The server had an error while processing your request.' },
      ],
    };
    server.push(failed, failed);
    const { message, types } = await run(server, { retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } }, userContext(), {}, () => {}, responses);
    expect(types.filter((t) => t === 'retry')).toHaveLength(1);
    expect(message.stopReason).toBe('error');
    expect(message.errorMessage).toBe(
      `the server at ${server.url} reported an error mid-answer: The server had an error while processing your request. (gave up after 2 attempts)`,
    );
  });

  it('goes on without reasoning summaries for an organization that may not have them', async () => {
    server.push(
      {
        status: 400,
        body: {
          error: {
            message: 'Your organization must be verified to generate reasoning summaries.',
            type: 'invalid_request_error',
            param: 'reasoning.summary',
            code: 'unsupported_value',
          },
        },
      },
      { text: 'ok' },
    );
    const { message } = await run(server, {}, userContext(), reasoningModel, () => {}, responses);
    expect(textOf(message)).toBe('ok');
    const [first, second] = server.responsesRequests();
    expect(first!.body.reasoning).toEqual({ summary: 'auto' });
    expect(second!.body.reasoning).toEqual({});
  });

  it('names the missing endpoint when the server has no Responses API', async () => {
    const bare = await startServer({ turns: [{ status: 404, body: { error: { message: 'Not Found' } } }] });
    const { message } = await run(bare, {}, userContext(), {}, () => {}, responses);
    expect(message.errorMessage).toBe(
      `the server at ${bare.url} has no responses endpoint (404); check the base URL, which usually ends in /v1 (server said: Not Found)`,
    );
  });

  it('stops with "length" when the response is cut at max_output_tokens', async () => {
    server.push({
      rawChunks: [
        { type: 'response.output_item.added', output_index: 0, item: { type: 'message', id: 'm', role: 'assistant', content: [] } },
        { type: 'response.output_text.delta', item_id: 'm', output_index: 0, content_index: 0, delta: 'Cut he' },
        {
          type: 'response.incomplete',
          response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, usage: { input_tokens: 5, output_tokens: 3 } },
        },
      ],
    });
    const { message } = await run(server, {}, userContext(), {}, () => {}, responses);
    expect(message.stopReason).toBe('length');
    expect(textOf(message)).toBe('Cut he');
  });
});

describe('Responses API: a tool loop with the real Agent', () => {
  it("sends the first answer's encrypted reasoning, its call and the result back in the next request", async () => {
    const s = await startServer({
      turns: [
        { reasoning: 'I should add them.', encryptedReasoning: 'gAAAAA-opaque-1', toolCalls: [{ id: 'call_a', name: 'add', arguments: { a: 2, b: 3 } }] },
        { reasoning: 'Got 5.', encryptedReasoning: 'gAAAAA-opaque-2', text: 'It is 5.' },
      ],
    });
    const r = await runAgent(s, { model: { reasoning: true }, provider: { api: 'responses' }, prompts: ['2+3?'] });
    const answers = assistants(r.messages);
    expect(answers.map((m: AssistantMessage) => m.stopReason)).toEqual(['toolUse', 'stop']);
    expect((answers[0]!.content[0] as ThinkingContent).sealed).toEqual({ id: 'rs_0', encrypted: 'gAAAAA-opaque-1' });
    const second = s.responsesRequests()[1]!.body;
    expect(second.input).toEqual([
      { role: 'user', content: '2+3?' },
      { type: 'reasoning', summary: [{ type: 'summary_text', text: 'I should add them.' }], encrypted_content: 'gAAAAA-opaque-1' },
      { type: 'function_call', call_id: 'call_a', name: 'add', arguments: '{"a":2,"b":3}' },
      { type: 'function_call_output', call_id: 'call_a', output: '5' },
    ]);
    // A new prompt starts a new turn: the old turn's reasoning is not sent again.
    s.push({ text: 'Bye.' });
    await r.agent.prompt('thanks');
    const third = s.responsesRequests()[2]!.body;
    expect(third.input.filter((i: { type?: string }) => i.type === 'reasoning')).toEqual([]);
    expect(third.input).toContainEqual({ role: 'assistant', content: 'It is 5.' });
  });
});
