// tack's own client for the model server, over real loopback HTTP: the server's own words in the
// shapes servers refuse with, the headers sent, and GET /models answered with something else.
import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openaiProvider } from '../../src/ai/openai/provider.js';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';
import { untilHungUp, writeForever } from '../support/endless-body.js';
import { run, textOf } from './openai-helpers.js';

let server: MockServer;
const plain: Server[] = [];
beforeEach(async () => {
  server = await startMockServer();
});
afterEach(async () => {
  await server.close();
  await Promise.all(plain.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server that answers every request with this status, content type and body. */
async function answering(status: number, type: string, body: string): Promise<string> {
  const s = createServer((_req, res) => res.writeHead(status, { 'content-type': type }).end(body));
  plain.push(s);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as { port: number }).port}/v1`;
}

describe('a refusal, in the server’s own words', () => {
  it('quotes {"detail": …} as FastAPI-based servers (vLLM) send it', async () => {
    server.push({ status: 400, body: { detail: 'max_tokens must be at most 4096' } });
    const { message } = await run(server);
    expect(message.errorKind).toBe('bad_request');
    expect(message.errorMessage).toBe(`the server at ${server.url} refused the request (400) (server said: max_tokens must be at most 4096)`);
  });

  it('reads {"error": "…"} as a string (Ollama) and names a missing model', async () => {
    server.push({ status: 404, body: { error: "model 'mock-model' not found, try pulling it first" } });
    const { message } = await run(server);
    expect(message.errorKind).toBe('not_found');
    expect(message.errorMessage).toBe(
      `model mock-model is not served at ${server.url}; try \`tack --list-models\` (server said: model 'mock-model' not found, try pulling it first)`,
    );
  });

  it('quotes a plain-text body, and says nothing of an empty one', async () => {
    const textUrl = await answering(503, 'text/plain', 'upstream connect error\n');
    const text = await run({ url: textUrl } as MockServer, { retry: { maxAttempts: 1 } });
    expect(text.message.errorMessage).toBe(`the server at ${textUrl} failed with status 503 (server said: upstream connect error)`);
    const emptyUrl = await answering(502, 'text/plain', '');
    const empty = await run({ url: emptyUrl } as MockServer, { retry: { maxAttempts: 1 } });
    expect(empty.message.errorMessage).toBe(`the server at ${emptyUrl} failed with status 502`);
  });

  it('reads only the start of an endless refusal, and hangs up', async () => {
    let body: ReturnType<typeof writeForever> | undefined;
    const s = createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      body = writeForever(res, 'the server is on fire ', Buffer.alloc(256 * 1024, 'x'));
    });
    plain.push(s);
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(s.address() as { port: number }).port}/v1`;
    const { message } = await run({ url } as MockServer, { retry: { maxAttempts: 1 } });
    expect(message.errorMessage).toMatch(new RegExp(`^the server at ${url} failed with status 500 \\(server said: the server is on fire x+…\\)$`));
    await untilHungUp(() => body!.hungUp());
    expect(body!.hungUp()).toBe(true);
  });

  it('keeps an escape sequence in the server’s words off the terminal', async () => {
    server.push({ status: 400, body: { error: { message: 'bad \u001b]0;owned\u0007 request' } } });
    const { message } = await run(server);
    expect(message.errorMessage).toContain('(server said: bad request)');
    expect(message.errorMessage).not.toMatch(/[\u0000-\u001f]/);
  });
});

describe('the request', () => {
  it('sends the key as a bearer token; a header of the user’s own with the same name, in any case, wins', async () => {
    server.push({ text: 'one' }, { text: 'two' });
    expect(textOf((await run(server)).message)).toBe('one');
    expect(server.chatRequests()[0]!.headers).toMatchObject({ authorization: 'Bearer test-key', 'content-type': 'application/json' });
    await run(server, {}, undefined, {}, undefined, { headers: { Authorization: 'Basic dXNlcjpwdw==', 'X-Title': 'tack test' } });
    const second = server.chatRequests()[1]!;
    expect(second.headers.authorization).toBe('Basic dXNlcjpwdw==');
    expect(second.headers['x-title']).toBe('tack test');
  });
});

describe('GET /models', () => {
  it('an HTML page is not a model list, and the sentence says what to check', async () => {
    const url = await answering(200, 'text/html', '<html><body>Welcome</body></html>');
    await expect(openaiProvider({ baseUrl: url }).listModels()).rejects.toThrow(
      `the server at ${url} answered GET /models with something other than a model list; check the base URL, which usually ends in /v1`,
    );
  });

  it('a 404 says the server does not list its models', async () => {
    const url = await answering(404, 'application/json', '{"detail":"Not Found"}');
    await expect(openaiProvider({ baseUrl: url }).listModels()).rejects.toThrow(`the server at ${url} does not list its models (GET /models answered 404)`);
  });

  it('gives up on a server that never answers, when the caller’s signal says so', async () => {
    const s = createServer(() => {});
    plain.push(s);
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(s.address() as { port: number }).port}/v1`;
    s.on('connection', (socket) => setTimeout(() => socket.destroy(), 2000));
    await expect(openaiProvider({ baseUrl: url }).listModels(AbortSignal.timeout(200))).rejects.toThrow(`the server at ${url} did not answer in time`);
  });
});
