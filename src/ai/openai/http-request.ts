// A request for the model calls and the small GETs around them (the setup probe, llama.cpp's slots):
// on node:http, answered with a light HttpAnswer rather than a Response, so that a run that goes
// direct never loads undici. What node:http is not used for here (a proxy, a redirect, a port fetch
// refuses) goes through streamingFetch and keeps fetch's rules.
import { request as plainRequest } from 'node:http';
import { request as tlsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { proxyFor } from '../../net/proxy/env.js';
import { sendOnNode } from './node-send.js';
import { CONNECT_TIMEOUT_MS, fetchable, streamedBody, streamingFetch } from './transport.js';

export interface HeaderReader {
  get(name: string): string | null;
}

/** A response, as much of one as the model calls read. */
export interface HttpAnswer {
  status: number;
  ok: boolean;
  headers: HeaderReader;
  /** the Node stream when the answer came over node:http, else the web stream; null for a body-less status */
  body: Readable | ReadableStream<Uint8Array> | null;
  /** the body as text, at most `limit` bytes of it (a server may send an endless page): the rest is not downloaded */
  text(limit?: number): Promise<string>;
  /** stops the download */
  cancel(): void;
}

export interface HttpRequestInit {
  method?: string;
  /** lower-case names */
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** 'manual': a 3xx comes back as it is, not followed */
  redirect?: 'manual';
}

export async function httpRequest(url: string, init: HttpRequestInit = {}, connectTimeoutMs = CONNECT_TIMEOUT_MS): Promise<HttpAnswer> {
  const target = new URL(url);
  const viaFetch = () => streamingFetch(url, init, connectTimeoutMs).then(fromResponse);
  if (!fetchable(target) || proxyFor(target)) return viaFetch();
  const request = target.protocol === 'https:' ? tlsRequest : plainRequest;
  const sent = await sendOnNode(request, target, { method: 'GET', headers: {}, ...init }, connectTimeoutMs);
  if (sent.kind === 'redirect') return viaFetch(); // fetch knows which method and body go along
  return fromNode(sent.status, sent.rawHeaders, sent.body);
}

function fromNode(status: number, rawHeaders: string[], body: Readable | null): HttpAnswer {
  const headers = new Map<string, string>();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    const had = headers.get(name);
    headers.set(name, had === undefined ? rawHeaders[i + 1]! : `${had}, ${rawHeaders[i + 1]}`);
  }
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name) => headers.get(name.toLowerCase()) ?? null },
    body,
    text: (limit) => (body ? readText(body, limit) : Promise.resolve('')),
    cancel: () => body?.destroy(),
  };
}

function fromResponse(response: Response): HttpAnswer {
  return {
    status: response.status,
    ok: response.ok,
    headers: response.headers,
    body: streamedBody(response),
    text: (limit) => {
      const body = streamedBody(response);
      return body ? readText(body, limit) : Promise.resolve('');
    },
    cancel: () => {
      response.body?.cancel().catch(() => {});
    },
  };
}

/** The most a body is read as text unless the caller says otherwise. */
const TEXT_LIMIT = 16 * 1024 * 1024;

async function readText(body: Readable | ReadableStream<Uint8Array>, limit = TEXT_LIMIT): Promise<string> {
  const decoder = new StringDecoder('utf8');
  let text = '';
  let read = 0;
  for await (const piece of body as AsyncIterable<Uint8Array>) {
    const bytes = Buffer.from(piece.buffer, piece.byteOffset, Math.min(piece.byteLength, limit - read));
    text += decoder.write(bytes);
    read += bytes.byteLength;
    if (read >= limit) break;
  }
  // leaving the loop early stops the download (the stream is destroyed or cancelled)
  return text + decoder.end();
}
