// Failures over real loopback HTTP: what is retried (and how), what fails at once, and the sentence a person sees.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openaiProvider } from '../../src/ai/openai/provider.js';
import type { AssistantMessageEvent } from '../../src/ai/types.js';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';
import { run, textOf, userContext } from './openai-helpers.js';

let server: MockServer;
beforeEach(async () => {
  server = await startMockServer();
});
afterEach(async () => {
  await server.close();
});

type RetryEvent = Extract<AssistantMessageEvent, { type: 'retry' }>;
const retries = (events: AssistantMessageEvent[]) => events.filter((e): e is RetryEvent => e.type === 'retry');

describe('OpenAI adapter: retries', () => {
  it('waits for retry-after on 429, announces the retry, then succeeds', async () => {
    server.push({ status: 429, headers: { 'retry-after': '1' } }, { text: 'after the wait' });
    const started = Date.now();
    let requestsWhenAnnounced = -1;
    const { events, message } = await run(server, {}, userContext(), {}, (event) => {
      if (event.type === 'retry') requestsWhenAnnounced = server.chatRequests().length;
    });
    const elapsed = Date.now() - started;
    // Announced before the wait (before the second request), so a UI can show the countdown.
    expect(requestsWhenAnnounced).toBe(1);
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expect(retries(events)).toEqual([expect.objectContaining({ attempt: 2, maxAttempts: 4, delayMs: 1000, reason: 'rate limited (429)' })]);
    expect(textOf(message)).toBe('after the wait');
    expect(message.stopReason).toBe('stop');
    expect(server.chatRequests()).toHaveLength(2);
  });

  it('honours retry-after-ms', async () => {
    server.push({ status: 429, headers: { 'retry-after-ms': '250' } }, { text: 'ok' });
    const started = Date.now();
    const { events } = await run(server);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(retries(events)[0]!.delayMs).toBe(250);
  });

  it('retries a 500 with backoff', async () => {
    server.push({ status: 500 }, { status: 503 }, { text: 'recovered' });
    const { events, message } = await run(server);
    expect(retries(events).map((e) => [e.attempt, e.reason])).toEqual([
      [2, 'server error (500)'],
      [3, 'server error (503)'],
    ]);
    expect(retries(events).every((e) => e.delayMs >= 5 && e.delayMs <= 50)).toBe(true);
    expect(textOf(message)).toBe('recovered');
  });

  it('retries a stream dropped mid-answer and never duplicates the text', async () => {
    server.push({ drop: true, afterText: 'The answer is' }, { text: 'The answer is 42.' });
    const seen: string[] = [];
    const { events, message } = await run(server, {}, userContext(), {}, (event) => seen.push(`${event.type}:${textOf(event.partial)}`));
    // The dropped attempt's text is shown while it streams, then cleared by the retry event.
    expect(seen).toContain('text_delta:The answer is');
    expect(seen[seen.findIndex((s) => s.startsWith('retry:'))]).toBe('retry:');
    expect(retries(events)[0]!.reason).toBe('connection dropped');
    expect(message.content).toEqual([{ type: 'text', text: 'The answer is 42.' }]);
    // One live message for the whole call: whoever kept the `start` partial sees the final answer.
    expect(events[0]!.partial).toBe(message);
    expect(events.at(-1)!.type).toBe('done');
  });

  it('gives up after maxAttempts with a sentence that says so', async () => {
    server.push({ status: 502 }, { status: 502 }, { status: 502 });
    const { events, message } = await run(server, { retry: { maxAttempts: 3, baseDelayMs: 10 } });
    expect(retries(events).map((e) => e.attempt)).toEqual([2, 3]);
    expect(message).toMatchObject({ stopReason: 'error', errorKind: 'server' });
    expect(message.errorMessage).toBe(
      `the server at ${server.url} failed with status 502 (server said: mock server: scripted status 502) (gave up after 3 attempts)`,
    );
    expect(server.chatRequests()).toHaveLength(3);
  });

  it('hits the idle timeout on a silent server, retries, then says it stopped answering', async () => {
    server.push({ hang: true }, { hang: true });
    const started = Date.now();
    const { events, message } = await run(server, { idleTimeoutMs: 300, retry: { maxAttempts: 2, baseDelayMs: 10 } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(retries(events)).toHaveLength(1);
    expect(message).toMatchObject({ stopReason: 'error', errorKind: 'timeout' });
    expect(message.errorMessage).toContain(`the server at ${server.url} stopped answering for 0.3 s`);
    expect(server.chatRequests()).toHaveLength(2);
  });

  it('times out a stream that goes silent midway, and the retry replaces its text', async () => {
    server.push({ hang: true, afterText: 'I was say' }, { text: 'I was saying hello.' });
    const { events, message } = await run(server, { idleTimeoutMs: 300 });
    expect(retries(events).map((e) => e.reason)).toEqual(['no answer for 0.3 s']);
    expect(textOf(message)).toBe('I was saying hello.');
  });

  it('aborts during the wait before a retry', async () => {
    server.push({ status: 429, headers: { 'retry-after': '30' } });
    const controller = new AbortController();
    const started = Date.now();
    const { message } = await run(server, { signal: controller.signal }, userContext(), {}, (event) => {
      if (event.type === 'retry') controller.abort();
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(message).toMatchObject({ stopReason: 'aborted', errorKind: 'aborted' });
  });

  it('does not wait for a retry-after of several minutes', async () => {
    server.push({ status: 429, headers: { 'retry-after': '600' } });
    const { events, message } = await run(server);
    expect(retries(events)).toEqual([]);
    expect(message.errorKind).toBe('rate_limit');
    expect(message.errorMessage).toContain('asks to wait 600 s');
  });

  it('retries a refused connection once the server had answered before (it is restarting)', async () => {
    server.push(() => {
      setTimeout(() => void server.close(), 0);
      return { status: 503 };
    });
    const { events, message } = await run(server, { retry: { maxAttempts: 3, baseDelayMs: 20 } });
    expect(retries(events).map((e) => e.reason)).toEqual(['server error (503)', 'connection refused']);
    expect(message.errorMessage).toContain(`cannot reach ${server.url}`);
  });
});

describe('OpenAI adapter: failures that are not retried', () => {
  it('fails at once on 401 with a sentence naming the server and the key variable', async () => {
    await server.close();
    server = await startMockServer({ apiKey: 'right-key' });
    const { events, message } = await run(server, {}, undefined, {}, undefined, { apiKeyEnv: 'MY_KEY' }); // the helper sends 'test-key'
    expect(message).toMatchObject({ stopReason: 'error', errorKind: 'auth' });
    expect(message.errorMessage).toContain(`the server at ${server.url} rejected the API key; set MY_KEY or pass --api-key`);
    expect(server.chatRequests()).toHaveLength(1);
    expect(retries(events)).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['start', 'error']);
  });

  it('explains a 404 for an unknown model', async () => {
    server.push({ status: 404, body: { error: { message: 'The model `mock-model` does not exist', code: 'model_not_found' } } });
    const { message } = await run(server);
    expect(message.errorKind).toBe('not_found');
    expect(message.errorMessage).toContain(`model mock-model is not served at ${server.url}; try \`tack --list-models\``);
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('flags a context-length 400 as context_overflow', async () => {
    const body = {
      error: {
        message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
        code: 'context_length_exceeded',
      },
    };
    server.push({ status: 400, body });
    const { message } = await run(server);
    expect(message).toMatchObject({ stopReason: 'error', errorKind: 'context_overflow' });
    expect(message.errorMessage).toContain('too long for model mock-model');
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('does not retry another 400, and quotes the server', async () => {
    server.push({ status: 400, body: { error: { message: 'tools[0].function.name is invalid' } } });
    const { message } = await run(server);
    expect(message.errorKind).toBe('bad_request');
    expect(message.errorMessage).toContain('tools[0].function.name is invalid');
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('does not retry a 429 that means the quota is used up', async () => {
    server.push({ status: 429, body: { error: { message: 'You exceeded your current quota', code: 'insufficient_quota' } } });
    const { events, message } = await run(server);
    expect(retries(events)).toEqual([]);
    expect(message.errorMessage).toContain('run out of quota');
  });

  it('says "cannot reach URL" quickly when nothing listens there', async () => {
    const url = server.url;
    await server.close();
    const started = Date.now();
    const { events, message } = await run(server);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(retries(events)).toEqual([]);
    expect(message).toMatchObject({ stopReason: 'error', errorKind: 'network' });
    expect(message.errorMessage).toBe(`cannot reach ${url}: connection refused; check that the server is running and the base URL is right`);
  });

  it('a port fetch will not use (6000, X11) fails at once in one sentence, without the wrappers around it', async () => {
    const url = 'http://127.0.0.1:6000/v1';
    const { events, message } = await run({ url } as MockServer);
    expect(retries(events)).toEqual([]);
    expect(message.errorMessage).toBe(
      `cannot reach ${url}: fetch refuses to connect to port 6000 (it is on the list of ports browsers block); run the server on another port`,
    );
  });

  it('ends with "aborted" at once when the signal is already aborted', async () => {
    const { message } = await run(server, { signal: AbortSignal.abort() });
    expect(message.stopReason).toBe('aborted');
    expect(server.chatRequests()).toHaveLength(0);
  });
});

describe('OpenAI provider: models', () => {
  it('lists the server models', async () => {
    server.models = ['alpha', 'beta'];
    expect(await openaiProvider({ baseUrl: server.url }).listModels()).toEqual(['alpha', 'beta']);
  });

  it('rejects listModels with the same clear sentences', async () => {
    await server.close();
    server = await startMockServer({ apiKey: 'right' });
    await expect(openaiProvider({ baseUrl: server.url, apiKey: 'wrong' }).listModels()).rejects.toThrow(`the server at ${server.url} rejected the API key`);
  });

  it('fills in defaults for unknown models and keeps what is known', () => {
    const provider = openaiProvider({
      name: 'local',
      baseUrl: 'http://localhost:8080/v1/',
      compat: { maxTokensField: 'max_tokens', supportsImages: false },
      models: [{ id: 'big', contextWindow: 1_000_000, prices: { input: 1, output: 2, cacheRead: 0.1 }, compat: { supportsImages: true } }],
    });
    expect(provider.getModel('other')).toEqual({
      id: 'other',
      name: 'other',
      provider: 'local',
      baseUrl: 'http://localhost:8080/v1',
      contextWindow: 128_000,
      maxTokens: 16_384,
      prices: null,
      reasoning: false,
      compat: { maxTokensField: 'max_tokens', supportsImages: false },
    });
    expect(provider.getModel()).toMatchObject({
      id: 'big',
      contextWindow: 1_000_000,
      maxTokens: 16_384,
      prices: { input: 1, output: 2, cacheRead: 0.1 },
      compat: { maxTokensField: 'max_tokens', supportsImages: true },
    });
  });
});
