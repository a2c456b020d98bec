// The scripted server must speak the wire format the real API speaks, or adapter tests prove nothing.
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function client(url: string, apiKey = 'test-key') {
  return new OpenAI({ baseURL: url, apiKey, maxRetries: 0 });
}

/** The raw `data:` payloads of one streamed response. */
async function sseData(url: string, body: object): Promise<string[]> {
  const res = await fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice('data: '.length));
}

describe('mock OpenAI server', () => {
  it('streams role, content, finish, usage and [DONE] chunks in OpenAI order', async () => {
    server = await startMockServer({ turns: [{ text: 'hello world', chunkSize: 5, usage: { prompt_tokens: 7, completion_tokens: 3, cached_tokens: 2 } }] });
    const data = await sseData(server.url, { model: 'm', messages: [], stream: true, stream_options: { include_usage: true } });
    expect(data.at(-1)).toBe('[DONE]');
    const chunks = data.slice(0, -1).map((d) => JSON.parse(d));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'm')).toBe(true);
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
    expect(chunks.slice(1, 4).map((c) => c.choices[0].delta.content)).toEqual(['hello', ' worl', 'd']);
    expect(chunks[4].choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
    expect(chunks[5]).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10, prompt_tokens_details: { cached_tokens: 2 } },
    });
  });

  it('sends no usage chunk unless the request asks for it', async () => {
    server = await startMockServer({ turns: [{ text: 'hi' }] });
    const data = await sseData(server.url, { model: 'm', messages: [], stream: true });
    expect(data.some((d) => d.includes('"usage"'))).toBe(false);
  });

  it('fragments tool calls with index, id and name first, then argument pieces', async () => {
    server = await startMockServer({ turns: [{ toolCalls: [{ id: 'c1', name: 'read', arguments: { path: 'a.txt' } }], chunkSize: 4 }] });
    const data = await sseData(server.url, { model: 'm', messages: [], stream: true });
    const frags = data
      .slice(0, -1)
      .map((d) => JSON.parse(d).choices[0])
      .filter((c) => c.delta.tool_calls)
      .map((c) => c.delta.tool_calls[0]);
    expect(frags[0]).toEqual({ index: 0, id: 'c1', type: 'function', function: { name: 'read', arguments: '' } });
    expect(frags.slice(1).every((f: any) => f.index === 0 && !f.id)).toBe(true);
    expect(
      frags
        .slice(1)
        .map((f: any) => f.function.arguments)
        .join(''),
    ).toBe('{"path":"a.txt"}');
    expect(JSON.parse(data.at(-2)!).choices[0].finish_reason).toBe('tool_calls');
  });

  it('interleaves two calls by index and can omit the index', async () => {
    const calls = [
      { name: 'a', arguments: '{"x":"1111"}' },
      { name: 'b', arguments: '{"y":"2222"}' },
    ];
    server = await startMockServer({
      turns: [
        { toolCalls: calls, interleave: true, chunkSize: 4 },
        { toolCalls: calls, omitIndex: true },
      ],
    });
    const frags = async () =>
      (await sseData(server!.url, { model: 'm', messages: [], stream: true }))
        .slice(0, -1)
        .map((d) => JSON.parse(d).choices[0]?.delta.tool_calls?.[0])
        .filter(Boolean);
    const interleaved = await frags();
    expect(interleaved.slice(2).map((f: any) => f.index)).toEqual([0, 1, 0, 1, 0, 1]);
    const unindexed = await frags();
    expect(unindexed.every((f: any) => !('index' in f))).toBe(true);
  });

  it('plays scripted turns in order, records requests, and fails visibly when none are left', async () => {
    server = await startMockServer();
    server.push({ text: 'one' }, (req) => ({ text: `echo ${req.body.messages[0].content}` }));
    const openai = client(server.url);
    const first = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    const second = await openai.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'ping' }] });
    expect(first.choices[0]!.message.content).toBe('one');
    expect(second.choices[0]!.message.content).toBe('echo ping');
    await expect(openai.chat.completions.create({ model: 'm', messages: [] })).rejects.toThrow(/no scripted turn left/);
    expect(server.chatRequests()).toHaveLength(3);
    expect(server.chatRequests()[1]!.body.messages[0].content).toBe('ping');
  });

  it('answers 500 when a scripted function throws', async () => {
    server = await startMockServer({
      turns: [
        () => {
          throw new Error('bad script');
        },
      ],
    });
    await expect(client(server.url).chat.completions.create({ model: 'm', messages: [] })).rejects.toThrow(/scripted turn threw: bad script/);
  });

  it('answers scripted statuses with headers, lists models, and checks the API key', async () => {
    server = await startMockServer({ apiKey: 'right', models: ['a', 'b'], turns: [{ status: 429, headers: { 'retry-after': '1' } }] });
    expect((await client(server.url, 'right').models.list()).data.map((m) => m.id)).toEqual(['a', 'b']);
    await expect(client(server.url, 'wrong').models.list()).rejects.toMatchObject({ status: 401 });
    const err = await client(server.url, 'right')
      .chat.completions.create({ model: 'm', messages: [] })
      .catch((e) => e);
    expect(err.status).toBe(429);
    expect(err.headers.get('retry-after')).toBe('1');
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/models', '/v1/models', '/v1/chat/completions']);
  });

  it('drops the connection mid-stream after sending some text', async () => {
    server = await startMockServer({ turns: [{ drop: true, afterText: 'partial answer' }] });
    const stream = await client(server.url).chat.completions.create({ model: 'm', messages: [], stream: true });
    let text = '';
    const failure = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    })().catch((e) => e);
    expect(text).toBe('partial answer');
    expect(failure).toBeInstanceOf(Error);
  });

  it('hangs without answering until closed', async () => {
    server = await startMockServer({ turns: [{ hang: true }] });
    const pending = fetch(`${server.url}/chat/completions`, { method: 'POST', body: '{}' }).then(
      () => 'answered',
      () => 'failed',
    );
    const raced = await Promise.race([pending, new Promise((r) => setTimeout(() => r('silent'), 200))]);
    expect(raced).toBe('silent');
    await server.close();
    server = undefined;
    expect(await pending).toBe('failed');
  });
});
