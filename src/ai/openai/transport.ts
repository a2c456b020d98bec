// fetch's behaviour over node:http, for callers that want a Response (the MCP SDK behind a proxy,
// the requests httpRequest hands over). See streamingFetch.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { proxyFor } from '../../net/proxy/env.js';
import type { Send } from '../../net/proxy/fetch.js';
import { sendOnNode } from './node-send.js';

/** A Response whose web body reads `nodeBody`, which is at hand too (see streamedBody). */
interface NodeBodyResponse extends Response {
  readonly nodeBody: Readable;
}

/** The class is made on first use: naming `Response` loads undici, which a direct model call never needs. */
let nodeBodyResponse: (new (nodeBody: Readable, init: ResponseInit) => NodeBodyResponse) | undefined;

function responseOf(nodeBody: Readable, init: ResponseInit): NodeBodyResponse {
  nodeBodyResponse ??= class extends Response {
    readonly nodeBody: Readable;

    constructor(body: Readable, responseInit: ResponseInit) {
      super(webBody(body), responseInit);
      this.nodeBody = body;
    }
  };
  return new nodeBodyResponse(nodeBody, init);
}

/** What to read a streamed answer from: the Node stream of a response `streamingFetch` made, else the web stream. */
export function streamedBody(response: Response): Readable | ReadableStream<Uint8Array> | null {
  return 'nodeBody' in response ? (response as NodeBodyResponse).nodeBody : response.body;
}

/** Ports fetch refuses to connect to ("bad port"), left to fetch so that they fail as before. */
const FETCH_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137,
  139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** undici's connect timeout, which fetch would apply. */
export const CONNECT_TIMEOUT_MS = 10_000;

/** Whether node:http can take the request fetch would make: http(s), on a port fetch does not refuse. */
export function fetchable(url: URL): boolean {
  return (url.protocol === 'http:' || url.protocol === 'https:') && !FETCH_BLOCKED_PORTS.has(Number(url.port));
}

/**
 * The streaming request's transport: node:http where fetch (undici) would be used. A streamed
 * answer arrives as tens of thousands of small HTTP chunks, and in a fresh process fetch spends
 * several times more CPU on them (a WASM parser, a web stream and a copy per chunk) than node:http's
 * native parser, whose Node stream `readChunks` reads in as few pieces as arrived. What fetch does
 * on the way is kept (see sendOnNode), and the body is a web stream too. Redirects, other body
 * types and the ports fetch refuses are left to fetch itself, but for a request that goes through
 * a proxy (`../proxy/fetch.ts`): fetch would go direct.
 */
export function streamingFetch(input: string | URL | Request, init: RequestInit = {}, connectTimeoutMs = CONNECT_TIMEOUT_MS): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const body = init.body;
  const plain = fetchable(url);
  // behind a proxy nothing is left to fetch, which would go direct
  const proxy = plain ? proxyFor(url) : undefined;
  if (proxy) {
    const direct = (to: URL, next: RequestInit) => streamingFetch(to.href, next, connectTimeoutMs);
    return import('../../net/proxy/fetch.js').then((m) => m.fetchViaProxy(proxy, url, init, { connectTimeoutMs, send, direct }));
  }
  if (!plain || (body != null && typeof body !== 'string' && !(body instanceof Uint8Array))) return fetch(input, init);
  return send(url.protocol === 'https:' ? httpsRequest : httpRequest, url, init, connectTimeoutMs, () => fetch(input, init));
}

/** One request on node:http: the response as fetch gives it; a redirect is handed to `redirect`. */
const send: Send = async (request, url, init, connectTimeoutMs, redirect) => {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  const body = init.body as string | Uint8Array | null | undefined;
  const sent = await sendOnNode(request, url, { method: init.method ?? 'GET', headers, body, signal: init.signal, redirect: init.redirect }, connectTimeoutMs);
  if (sent.kind === 'redirect') return redirect(sent.status, sent.location);
  try {
    const h = new Headers();
    for (let i = 0; i + 1 < sent.rawHeaders.length; i += 2) {
      try {
        h.append(sent.rawHeaders[i]!, sent.rawHeaders[i + 1]!);
      } catch {
        // a header fetch would not accept either
      }
    }
    const head = { status: sent.status, statusText: sent.statusText, headers: h };
    return sent.body ? responseOf(sent.body, head) : new Response(null, head);
  } catch (err) {
    sent.body?.destroy();
    throw new TypeError('fetch failed', { cause: err });
  }
};

/** The body as a web stream, read from the Node stream only if someone reads it. */
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
