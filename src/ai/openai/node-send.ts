// One HTTP request on node:http (or a proxy's RequestFn), with fetch's ways kept where a caller can
// see them: a `TypeError('fetch failed')` with the socket error as its cause, the signal's reason on
// abort, a connect timeout, the body without its content encoding. Neither Response nor Headers is
// touched here: either would load undici (~10 MB) into a process that never needs it.
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { constants as zlib, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { RequestFn } from '../../net/proxy/via.js';

export interface NodeRequest {
  method: string;
  /** lower-case names */
  headers: Record<string, string>;
  body?: string | Uint8Array | null;
  signal?: AbortSignal | null;
  /** 'manual' hands a 3xx back as it came */
  redirect?: string;
}

export type NodeAnswer =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'answer'; status: number; statusText: string; rawHeaders: string[]; body: Readable | null };

export function sendOnNode(request: RequestFn, url: URL, init: NodeRequest, connectTimeoutMs: number): Promise<NodeAnswer> {
  const { body, signal } = init;
  return new Promise<NodeAnswer>((resolve, reject) => {
    const headers = { ...init.headers };
    if (body != null) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
    const req = request(url, { method: init.method, headers, signal: signal ?? undefined }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location && init.redirect !== 'manual') {
        res.resume();
        resolve({ kind: 'redirect', status, location: res.headers.location });
        return;
      }
      const empty = status === 204 || status === 205 || status === 304 || init.method === 'HEAD';
      if (empty) res.resume();
      resolve({ kind: 'answer', status, statusText: res.statusMessage ?? '', rawHeaders: res.rawHeaders, body: empty ? null : decode(res) });
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
}

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
