// One HTTP(S) request with what a tool needs around it: a deadline over the whole exchange, a cap
// on the (decompressed) body, gzip/br/deflate, and redirects followed by hand so each hop is judged
// again (its host's rules, its addresses). Node's own http(s), through the user's proxy when one
// applies (proxied.ts); no model call, no cookies.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { proxyFor } from '../../src/net/proxy/env.js';
import { proxyErrorIn } from '../../src/net/proxy/error.js';
import { checkedLookup, checkLiteral, RefusedAddress } from './addresses.js';
import { proxiedRequest } from './proxied.js';

export interface HttpOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** the most body bytes kept, after decompression: the rest is not read */
  maxBytes: number;
  /** 0: a redirect is returned as it is */
  maxRedirects: number;
  signal?: AbortSignal;
  /**
   * What may be done with a URL before it is requested (the first one and every redirect's):
   * `go` (and whether private addresses are allowed there), `ask` (not without a new call the gate
   * judges: the redirect is returned), or `deny`.
   */
  judge: (url: URL, hop: number) => HopVerdict;
}

export type HopVerdict = { kind: 'go' | 'ask'; privateAllowed: boolean } | { kind: 'deny'; message: string };

export interface HttpResponse {
  /** the URL that answered, after the redirects followed */
  url: string;
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** the body went past maxBytes and was cut there */
  truncated: boolean;
  /** a redirect not followed because its target needs the user's approval */
  redirectNeedsApproval?: string;
}

/** A failure said in one sentence, for the model. */
export class HttpError extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function httpFetch(url: string, o: HttpOptions): Promise<HttpResponse> {
  let current = parseUrl(url);
  let method = o.method ?? 'GET';
  let body = o.body;
  const deadline = AbortSignal.timeout(o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, deadline]) : deadline;
  for (let hop = 0; ; hop++) {
    const verdict = o.judge(current, hop);
    if (verdict.kind === 'deny') throw new HttpError(verdict.message);
    try {
      // an `ask` for the first URL was answered already: the gate asked before the tool ran
      const answer = await requestOnce(current, { ...o, method, body }, verdict.privateAllowed, signal);
      const location = answer.headers.location;
      if (!REDIRECTS.has(answer.status) || !location || o.maxRedirects === 0) return { ...(await readBody(answer, o.maxBytes)), url: current.href };
      answer.stream.destroy();
      if (hop >= o.maxRedirects) throw new HttpError(`stopped after ${o.maxRedirects} redirects (the last one to ${location})`);
      const next = parseUrl(new URL(location, current).href);
      if (o.judge(next, hop + 1).kind === 'ask') {
        return {
          status: answer.status,
          statusText: answer.statusText,
          headers: answer.headers,
          body: Buffer.alloc(0),
          truncated: false,
          url: current.href,
          redirectNeedsApproval: next.href,
        };
      }
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      current = next;
    } catch (error) {
      throw explain(error, current, o, deadline.aborted);
    }
  }
}

function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HttpError(`"${text}" is not a URL; give a full http:// or https:// address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpError(`only http and https URLs can be fetched, not ${url.protocol}`);
  if (url.username || url.password) throw new HttpError('a URL with a user name or password in it is not fetched');
  return url;
}

function explain(error: unknown, url: URL, o: HttpOptions, timedOut: boolean): Error {
  if (error instanceof HttpError || error instanceof RefusedAddress) return error;
  const proxy = proxyErrorIn(error);
  if (proxy) return new HttpError(proxy.sentence(url.host));
  if (timedOut) return new HttpError(`timed out after ${o.timeoutMs / 1000} s waiting for ${url.host}`);
  if (o.signal?.aborted) return new HttpError('interrupted');
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    const checked = proxyFor(url) ? '; behind a proxy tack still looks the name up itself, to refuse private addresses' : '';
    return new HttpError(`${url.hostname} was not found (DNS)${checked}`);
  }
  if (code === 'ECONNREFUSED') return new HttpError(`${url.host} refused the connection`);
  return new HttpError(`could not fetch ${url.host}: ${(error as Error).message}`);
}

interface Answer {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  stream: IncomingMessage;
}

async function requestOnce(url: URL, o: HttpOptions, privateAllowed: boolean, signal: AbortSignal): Promise<Answer> {
  checkLiteral(url.hostname, privateAllowed);
  const proxy = proxyFor(url);
  const request = proxy ? await proxiedRequest(proxy, url, privateAllowed, o.timeoutMs) : url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: o.method,
        headers: { 'user-agent': 'tack (fetch tool)', 'accept-encoding': 'gzip, br, deflate', ...o.headers },
        ...(proxy ? {} : { lookup: checkedLookup(privateAllowed) as never }),
        signal,
      },
      (res) => {
        resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: res.headers, stream: res });
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

/** The body, decompressed, up to `max` bytes; what is past the cap is not read. */
async function readBody(answer: Answer, max: number): Promise<Omit<HttpResponse, 'url'>> {
  const { status, statusText, headers } = answer;
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  const stream = decoded(answer.stream, String(headers['content-encoding'] ?? '').toLowerCase());
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (size + chunk.length > max) {
        chunks.push(chunk.subarray(0, max - size));
        size = max;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } finally {
    answer.stream.destroy();
    if (stream !== answer.stream) stream.destroy();
  }
  return { status, statusText, headers, body: Buffer.concat(chunks, size), truncated };
}

function decoded(stream: IncomingMessage, encoding: string): Readable {
  const decompress =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'br'
        ? createBrotliDecompress()
        : encoding === 'deflate'
          ? createInflate()
          : undefined;
  if (!decompress) return stream;
  stream.on('error', (e) => decompress.destroy(e));
  return stream.pipe(decompress);
}
