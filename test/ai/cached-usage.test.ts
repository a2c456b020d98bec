// Cached prompt tokens read from every shape a server reports them in, streamed over real HTTP as
// each server sends its last chunks, into the provider-neutral usage, priced at the cache price.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';
import { run } from './openai-helpers.js';

let server: MockServer;
beforeEach(async () => {
  server = await startMockServer();
});
afterEach(async () => {
  await server.close();
});

const base = { id: 'c', object: 'chat.completion.chunk', created: 0, model: 'mock-model' };
const text = { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: 'ok' }, finish_reason: null }] };
const finish = (extra: object = {}) => ({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], ...extra });
const usageChunk = (usage: object, extra: object = {}) => ({ ...base, choices: [], usage, ...extra });
const PRICES = { input: 2, output: 8, cacheRead: 0.5 };

async function usageOf(chunks: unknown[]) {
  server.push({ rawChunks: [text, ...chunks] });
  return (await run(server, {}, undefined, { prices: PRICES })).message.usage;
}

describe('cached prompt tokens', () => {
  it("OpenAI's prompt_tokens_details.cached_tokens", async () => {
    const usage = await usageOf([
      finish(),
      usageChunk({ prompt_tokens: 4100, completion_tokens: 312, total_tokens: 4412, prompt_tokens_details: { cached_tokens: 3900 } }),
    ]);
    expect(usage).toMatchObject({ input: 4100, output: 312, cacheRead: 3900, totalTokens: 4412 });
  });

  it("DeepSeek's prompt_cache_hit_tokens (prompt_tokens counts hits and misses)", async () => {
    const usage = await usageOf([
      finish(),
      usageChunk({
        prompt_tokens: 1_000_000,
        completion_tokens: 0,
        total_tokens: 1_000_000,
        prompt_cache_hit_tokens: 600_000,
        prompt_cache_miss_tokens: 400_000,
      }),
    ]);
    expect(usage).toEqual({
      input: 1_000_000,
      output: 0,
      cacheRead: 600_000,
      totalTokens: 1_000_000,
      cost: { input: 0.8, output: 0, cacheRead: 0.3, total: 1.1 },
    });
  });

  it("OpenRouter's cached_tokens and cache_write_tokens", async () => {
    const usage = await usageOf([
      finish(),
      usageChunk({
        prompt_tokens: 5000,
        completion_tokens: 20,
        total_tokens: 5020,
        cost: 0.01,
        prompt_tokens_details: { cached_tokens: 4000, cache_write_tokens: 900 },
      }),
    ]);
    expect(usage).toMatchObject({ input: 5000, output: 20, cacheRead: 4000, cacheWrite: 900 });
  });

  it("llama.cpp's timings.cache_n, beside a usage without details, before or after it", async () => {
    const timings = { cache_n: 3000, prompt_n: 200, prompt_ms: 80, predicted_n: 12, predicted_ms: 300 };
    const plain = { prompt_tokens: 3200, completion_tokens: 12, total_tokens: 3212 };
    expect(await usageOf([finish({ timings }), usageChunk(plain)])).toMatchObject({ input: 3200, output: 12, cacheRead: 3000 });
    expect(await usageOf([finish(), usageChunk(plain, { timings })])).toMatchObject({ input: 3200, output: 12, cacheRead: 3000 });
    expect(await usageOf([finish(), usageChunk(plain), { ...base, choices: [], timings }])).toMatchObject({ input: 3200, cacheRead: 3000 });
  });

  it("Anthropic's names: input_tokens leaves out what the cache read and wrote", async () => {
    const usage = await usageOf([
      finish(),
      usageChunk({ input_tokens: 100, output_tokens: 50, cache_read_input_tokens: 4000, cache_creation_input_tokens: 900 }),
    ]);
    expect(usage).toMatchObject({ input: 5000, output: 50, cacheRead: 4000, cacheWrite: 900, totalTokens: 5050 });
  });

  it('cache_read_input_tokens beside prompt_tokens (a gateway): prompt_tokens already counts them', async () => {
    const usage = await usageOf([
      finish(),
      usageChunk({ prompt_tokens: 5000, completion_tokens: 5, cache_read_input_tokens: 4000, prompt_tokens_details: { cached_tokens: 0 } }),
    ]);
    expect(usage).toMatchObject({ input: 5000, cacheRead: 4000 });
  });

  it('never more cached than the prompt, nor counts that are not numbers', async () => {
    expect(await usageOf([finish(), usageChunk({ prompt_tokens: 10, completion_tokens: 1, prompt_tokens_details: { cached_tokens: 50 } })])).toMatchObject({
      input: 10,
      cacheRead: 10,
    });
    expect(
      await usageOf([finish({ timings: { cache_n: 'many' } }), usageChunk({ prompt_tokens: '10', completion_tokens: 1, prompt_cache_hit_tokens: -3 })]),
    ).toMatchObject({ input: 0, output: 1, cacheRead: 0 });
  });

  it('a server that reports no cache says 0 cached and no writes', async () => {
    const usage = await usageOf([finish(), usageChunk({ prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 })]);
    expect(usage).toEqual({ input: 10, output: 2, cacheRead: 0, totalTokens: 12, cost: { input: 0.00002, output: 0.000016, cacheRead: 0, total: 0.000036 } });
  });
});
