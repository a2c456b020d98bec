// fetch's behaviour for a request that goes through a proxy. fetch itself (undici) would connect
// direct, so here nothing is handed to it: other bodies are read into bytes, redirects are followed
// by hand (each hop's proxy chosen again), fetch's rules for method, body and credentials kept.
import type { ProxyChoice } from './env.js';
import { proxyFor } from './env.js';
import { type RequestFn, viaProxy } from './via.js';

/** The transport's one request: `redirect` is called for a 3xx to follow. */
export type Send = (
  request: RequestFn,
  url: URL,
  init: RequestInit,
  connectTimeoutMs: number,
  redirect: (status: number, location: string) => Promise<Response>,
) => Promise<Response>;

export interface ProxiedFetchOptions {
  connectTimeoutMs: number;
  send: Send;
  /** a hop that NO_PROXY exempts */
  direct: (url: URL, init: RequestInit) => Promise<Response>;
}

/** fetch's limit */
const MAX_REDIRECTS = 20;

export async function fetchViaProxy(proxy: ProxyChoice, url: URL, init: RequestInit, o: ProxiedFetchOptions, hops = 0): Promise<Response> {
  const sent = await withBytes(init);
  return o.send(viaProxy(proxy, { connectTimeoutMs: o.connectTimeoutMs }), url, sent, o.connectTimeoutMs, async (status, location) => {
    const next = new URL(location, url);
    if (hops >= MAX_REDIRECTS || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
      throw new TypeError('fetch failed', { cause: new Error(hops >= MAX_REDIRECTS ? 'redirect count exceeded' : `redirect to ${next.protocol}`) });
    }
    const nextInit = redirectInit(status, sent, url, next);
    const nextProxy = proxyFor(next);
    return nextProxy ? fetchViaProxy(nextProxy, next, nextInit, o, hops + 1) : o.direct(next, nextInit);
  });
}

/** A body other than a string as bytes, with the content type fetch would have sent for it. */
async function withBytes(init: RequestInit): Promise<RequestInit> {
  if (init.body == null || typeof init.body === 'string') return init;
  const request = new Request('http://body.invalid/', { method: init.method ?? 'POST', headers: init.headers, body: init.body, duplex: 'half' } as RequestInit);
  return { ...init, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) };
}

/** The next hop's request, by fetch's rules: 303 (and 301/302 after POST) become a GET without body; credentials stay with their origin. */
export function redirectInit(status: number, init: RequestInit, from: URL, to: URL): RequestInit {
  const headers = new Headers(init.headers);
  const method = (init.method ?? 'GET').toUpperCase();
  const toGet = (status === 303 && method !== 'GET' && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST');
  if (toGet) for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) headers.delete(name);
  if (from.origin !== to.origin) for (const name of ['authorization', 'cookie', 'proxy-authorization']) headers.delete(name);
  return { ...init, headers, ...(toGet ? { method: 'GET', body: undefined } : {}) };
}
