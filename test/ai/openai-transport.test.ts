// The streaming request's transport (streamingFetch) and the SSE reader (readChunks) against real
// node:http servers on loopback: line endings, split characters, compressed bodies, redirects, a
// connect that never completes, and a body that stops in the middle of an event.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { Readable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_EVENT_BYTES, readChunks, SseEvents } from '../../src/ai/openai/sse.js';
import { untilHungUp, writeForever } from '../support/endless-body.js';
import { streamedBody, streamingFetch } from '../../src/ai/openai/transport.js';

const servers: Server[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) c();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A loopback server answering every request with `handler`; resolves to its base URL. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.on('connection', (socket) => cleanups.push(() => socket.destroy()));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** Writes the pieces one by one, a moment apart, so they tend to arrive as reads of their own. */
async function writeApart(res: ServerResponse, pieces: (string | Buffer)[]): Promise<void> {
  for (const piece of pieces) {
    res.write(piece);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sse = (objects: unknown[], eol = '\n') => objects.map((o) => `data: ${JSON.stringify(o)}${eol}${eol}`).join('') + `data: [DONE]${eol}${eol}`;

async function chunksOf(response: Response): Promise<unknown[]> {
  const out: unknown[] = [];
  await readChunks(streamedBody(response), (chunk) => out.push(chunk));
  return out;
}

/** A Response whose body arrives in exactly these byte pieces. */
function responseOf(pieces: Uint8Array[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of pieces) controller.enqueue(p);
      controller.close();
    },
  });
  return new Response(body);
}

const CHUNKS = [{ n: 1, text: 'grüß 日本 🙂' }, { n: 2, text: 'line\nbreak' }, { n: 3 }];

describe('SSE reader', () => {
  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('frames events whose lines end in %s, from a real server', async (_name, eol) => {
    const url = await serve(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const body = `: ping${eol}${eol}` + sse(CHUNKS, eol);
      // cut through the line endings, so a CRLF may be split between two reads
      await writeApart(res, [body.slice(0, 30), body.slice(30, 61), body.slice(61)]);
      res.end();
    });
    expect(await chunksOf(await streamingFetch(url))).toEqual(CHUNKS);
  });

  it('keeps a CRLF split between two reads as one line ending', async () => {
    const body = new TextEncoder().encode(sse(CHUNKS, '\r\n'));
    const cr = body.indexOf(13);
    expect(await chunksOf(responseOf([body.subarray(0, cr + 1), body.subarray(cr + 1)]))).toEqual(CHUNKS);
  });

  it('joins multi-byte characters split across reads, at every cut', async () => {
    const body = new TextEncoder().encode(sse(CHUNKS));
    const start = body.indexOf(0xc3); // the ü: from here on, cuts fall inside ü, 日, 本 and 🙂
    for (let cut = start + 1; cut < start + 16; cut++) {
      expect(await chunksOf(responseOf([body.subarray(0, cut), body.subarray(cut)]))).toEqual(CHUNKS);
    }
  });

  it('joins multi-byte characters split across network reads of a real server', async () => {
    const body = Buffer.from(sse(CHUNKS));
    const emoji = body.indexOf(Buffer.from('🙂'));
    const url = await serve(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      await writeApart(res, [body.subarray(0, emoji + 1), body.subarray(emoji + 1, emoji + 3), body.subarray(emoji + 3)]);
      res.end();
    });
    expect(await chunksOf(await streamingFetch(url))).toEqual(CHUNKS);
  });

  it('joins data lines, passes the event name on and stops at [DONE]', () => {
    const events = new SseEvents();
    expect(events.push('event: message\ndata: {"a":\ndata: 1}\n\nid: 7\ndata: 2\n\n')).toEqual([
      { data: '{"a":\n1}', event: 'message' },
      { data: '2', event: null },
    ]);
    expect(events.push('data: [DONE]\n\ndata: 3\n\n')).toEqual([]);
  });

  it('drops a byte order mark before the first field, as the SSE spec says, and keeps one later', () => {
    const events = new SseEvents();
    expect(events.push('\ufeffdata: 1\n\n')).toEqual([{ data: '1', event: null }]);
    expect(events.push('data: \ufeff2\n\n')).toEqual([{ data: '\ufeff2', event: null }]);
  });

  it('hands over the complete events of a body that ends in the middle of one, and drops the rest', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"n":');
    });
    expect(await chunksOf(await streamingFetch(url))).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('fails when the connection is cut in the middle of an event', async () => {
    const url = await serve(async (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      await writeApart(res, ['data: {"n":1}\n\ndata: {"n":']);
      req.socket.destroy();
    });
    const seen: unknown[] = [];
    const response = await streamingFetch(url);
    await expect(readChunks(streamedBody(response), (c) => seen.push(c))).rejects.toThrow();
    expect(seen).toEqual([{ n: 1 }]);
  });

  it('gives up on a server that never ends an event, before it fills memory, and hangs up', async () => {
    let body: ReturnType<typeof writeForever> | undefined;
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      body = writeForever(res, 'data: {"n":1}\n\ndata: "', Buffer.alloc(1024 * 1024, 'x'));
    });
    const seen: unknown[] = [];
    const response = await streamingFetch(url);
    await expect(readChunks(streamedBody(response), (c) => seen.push(c))).rejects.toThrow(`over ${MAX_EVENT_BYTES / 1024 / 1024} MB without ending an event`);
    expect(seen).toEqual([{ n: 1 }]);
    await untilHungUp(() => body!.hungUp());
    expect(body!.hungUp()).toBe(true);
  });

  it('throws an error event as the API error it carries', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: {"n":1}\n\ndata: {"error":{"message":"overloaded"}}\n\n');
    });
    await expect(chunksOf(await streamingFetch(url))).rejects.toThrow('overloaded');
  });
});

describe('streaming transport', () => {
  it.each([
    ['gzip', gzipSync],
    ['br', brotliCompressSync],
  ])('decodes a %s body, compressed in pieces as a proxy would', async (coding, compress) => {
    const body = Buffer.from(sse(CHUNKS));
    const url = await serve(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': coding });
      const packed = compress(body);
      await writeApart(res, [packed.subarray(0, 10), packed.subarray(10)]);
      res.end();
    });
    const response = await streamingFetch(url);
    expect(response.headers.get('content-encoding')).toBe(coding);
    expect(await chunksOf(response)).toEqual(CHUNKS);
  });

  it('fails the reader, not the process, when a compressed body is cut before it is read', async () => {
    const url = await serve(async (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' });
      await writeApart(res, [gzipSync(Buffer.from(sse(CHUNKS))).subarray(0, 20)]);
      req.socket.destroy();
    });
    const response = await streamingFetch(url);
    const body = streamedBody(response) as Readable;
    await new Promise((resolve) => body.on('close', resolve));
    await expect(chunksOf(response)).rejects.toThrow();
  });

  it('sends the method, headers and body, and gives status, headers and the body as a web stream', async () => {
    let seen: { method?: string; type?: string; body?: string } = {};
    const url = await serve((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        seen = { method: req.method, type: req.headers['content-type'], body };
        res.writeHead(429, 'Too Many', { 'retry-after': '3' });
        res.end('{"error":"slow down"}');
      });
    });
    const response = await streamingFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":"ü"}' });
    expect(seen).toEqual({ method: 'POST', type: 'application/json', body: '{"x":"ü"}' });
    expect([response.status, response.statusText, response.headers.get('retry-after')]).toEqual([429, 'Too Many', '3']);
    expect(await response.text()).toBe('{"error":"slow down"}');
  });

  it('follows a redirect with the method and body', async () => {
    const target = await serve((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(sse([{ method: req.method, path: req.url, body }]));
      });
    });
    const url = await serve((req, res) => {
      req.resume();
      res.writeHead(307, { location: `${target}/v1/moved` });
      res.end();
    });
    const response = await streamingFetch(`${url}/v1/chat`, { method: 'POST', body: '{"q":1}' });
    expect(await chunksOf(response)).toEqual([{ method: 'POST', path: '/v1/moved', body: '{"q":1}' }]);
  });

  it('fails as fetch does when nothing listens: TypeError "fetch failed" with the socket error as cause', async () => {
    const url = await serve(() => {});
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const error = await streamingFetch(url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('fetch failed');
    expect((error as { cause: { code: string } }).cause.code).toBe('ECONNREFUSED');
  });

  it('gives up on a connection that is never accepted, with undici connect timeout error', async () => {
    const url = await unacceptingServer();
    const error = await streamingFetch(url, {}, 200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as { cause: { code: string; message: string } }).cause).toMatchObject({
      code: 'UND_ERR_CONNECT_TIMEOUT',
      message: expect.stringContaining('timeout: 200ms'),
    });
  });

  it('rejects with the abort reason when aborted while waiting for the answer', async () => {
    const url = await serve(() => {}); // never answers
    const controller = new AbortController();
    const pending = streamingFetch(url, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

/**
 * A loopback port whose listener never accepts: a stopped process listening with a backlog of one.
 * Once the kernel has queued the two connections that backlog allows, it leaves further connection
 * attempts unanswered.
 */
async function unacceptingServer(): Promise<string> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '-e',
      "const s=require('net').createServer();s.listen({port:0,host:'127.0.0.1',backlog:1},()=>{console.log(s.address().port);process.kill(process.pid,'SIGSTOP')})",
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanups.push(() => child.kill('SIGKILL'));
  const port = await new Promise<number>((resolve) => child.stdout!.once('data', (d) => resolve(Number(String(d).trim()))));
  // Stopped before anyone connects, so it accepts nothing.
  while (readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]![0] !== 'T') await new Promise((resolve) => setTimeout(resolve, 5));
  const fillers = [0, 1].map(() => connect(port, '127.0.0.1'));
  cleanups.push(() => {
    for (const s of fillers) s.destroy();
  });
  await Promise.all(fillers.map((s) => new Promise((resolve) => s.once('connect', resolve))));
  return `http://127.0.0.1:${port}`;
}
