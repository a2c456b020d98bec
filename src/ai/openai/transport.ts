// The streaming request's transport: fetch's behaviour over node:http (see streamingFetch).
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { constants as zlib, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { proxyFor } from '../proxy/env.js';
import type { Send } from '../proxy/fetch.js';

/**
 * A response `streamingFetch` made. Its body is a web stream (for the SDK, which reads error
 * bodies) made from a Node stream, which is at hand too: the SSE reader takes that one in as few
 * pieces as arrived.
 */
export class NodeBodyResponse extends Response {
  readonly nodeBody: Readable;

  constructor(nodeBody: Readable, init: ResponseInit) {
    super(webBody(nodeBody), init);
    this.nodeBody = nodeBody;
  }
}

/** What to read a streamed answer from: the Node stream of a response `streamingFetch` made, else the web stream. */
export function streamedBody(response: Response): Readable | ReadableStream<Uint8Array> | null {
  return response instanceof NodeBodyResponse ? response.nodeBody : response.body;
}

/** Ports fetch refuses to connect to ("bad port"), left to fetch so that they fail as before. */
const FETCH_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137,
  139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** undici's connect timeout, which fetch would apply. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The streaming request's transport: node:http where fetch (undici) would be used. A streamed
 * answer arrives as tens of thousands of small HTTP chunks, and in a fresh process fetch spends
 * several times more CPU on them (a WASM parser, a web stream and a copy per chunk) than node:http's
 * native parser, whose Node stream `readChunks` reads in as few pieces as arrived. What fetch does
 * on the way is kept: a `TypeError('fetch failed')` with the socket error as its cause, an
 * `AbortError` on abort, a 10-second connect timeout (a parameter for tests), the body as a web stream for the SDK's error
 * handling. Redirects, other body types and the ports fetch refuses are left to fetch itself, but
 * for a request that goes through a proxy (`../proxy/fetch.ts`): fetch would go direct.
 */
export function streamingFetch(input: string | URL | Request, init: RequestInit = {}, connectTimeoutMs = CONNECT_TIMEOUT_MS): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const body = init.body;
  const plain = (url.protocol === 'http:' || url.protocol === 'https:') && !FETCH_BLOCKED_PORTS.has(Number(url.port));
  // behind a proxy nothing is left to fetch, which would go direct
  const proxy = plain ? proxyFor(url) : undefined;
  if (proxy) {
    const direct = (to: URL, next: RequestInit) => streamingFetch(to.href, next, connectTimeoutMs);
    return import('../proxy/fetch.js').then((m) => m.fetchViaProxy(proxy, url, init, { connectTimeoutMs, send, direct }));
  }
  if (!plain || (body != null && typeof body !== 'string' && !(body instanceof Uint8Array))) return fetch(input, init);
  return send(url.protocol === 'https:' ? httpsRequest : httpRequest, url, init, connectTimeoutMs, () => fetch(input, init));
}

/** One request on node:http: the response as fetch gives it; a redirect is handed to `redirect`. */
const send: Send = (request, url, init, connectTimeoutMs, redirect) => {
  const body = init.body as string | Uint8Array | null | undefined;
  const signal = init.signal ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    if (body != null) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    const req = request(url, { method: init.method ?? 'GET', headers, signal }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location && init.redirect !== 'manual') {
        // fetch follows redirects (and knows the rules for which method and body go along).
        res.resume();
        resolve(redirect(status, res.headers.location));
        return;
      }
      try {
        const h = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          try {
            h.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          } catch {
            // a header fetch would not accept either
          }
        }
        const empty = status === 204 || status === 205 || status === 304 || init.method === 'HEAD';
        const decoded = empty ? res : decode(res);
        const head = { status, statusText: res.statusMessage ?? '', headers: h };
        resolve(empty ? new Response(null, head) : new NodeBodyResponse(decoded, head));
      } catch (err) {
        res.destroy();
        reject(new TypeError('fetch failed', { cause: err }));
      }
    });
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(() => {
        const host = `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
        req.destroy(
          Object.assign(new Error(`Connect Timeout Error (attempted address: ${host}, timeout: ${connectTimeoutMs}ms)`), { code: 'UND_ERR_CONNECT_TIMEOUT' }),
        );
      }, connectTimeoutMs);
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    req.on('error', (err) => reject(signal?.aborted ? (signal.reason ?? err) : new TypeError('fetch failed', { cause: err })));
    req.end(body ?? undefined);
  });
};

/**
 * The body without its content encoding, as fetch would give it. None is asked for (no
 * Accept-Encoding), but a proxy may compress anyway.
 */
function decode(res: IncomingMessage): Readable {
  const codings = (res.headers['content-encoding'] ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const flush = { flush: zlib.Z_SYNC_FLUSH, finishFlush: zlib.Z_SYNC_FLUSH };
  let body: Readable = res;
  for (const coding of codings.reverse()) {
    const next =
      coding === 'gzip' || coding === 'x-gzip'
        ? createGunzip(flush)
        : coding === 'deflate'
          ? createInflate(flush)
          : coding === 'br'
            ? createBrotliDecompress()
            : null;
    if (!next) return res; // an encoding fetch does not know either: the bytes as they came
    const from = body;
    from.on('error', (err) => next.destroy(err));
    body = from.pipe(next);
  }
  if (body !== res) {
    body.on('close', () => {
      if (!res.complete) res.destroy();
    });
    // A body cut before anyone reads it must not become an uncaught exception (the response
    // itself only emits errors to listeners); a reader still gets the error.
    body.on('error', () => {});
  }
  return body;
}

/** The body as a web stream, read from the Node stream only if someone reads it (the SDK does, for errors). */
function webBody(res: Readable): ReadableStream<Uint8Array> {
  let it: AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        it ??= res[Symbol.asyncIterator]();
        const next = await it.next();
        if (next.done) controller.close();
        else controller.enqueue(new Uint8Array(next.value));
      },
      cancel() {
        res.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
