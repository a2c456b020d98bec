// Requests through a proxy. An http:// proxy: a CONNECT tunnel for https targets (TLS to the target
// inside it, so the proxy sees only host and port), an absolute-URI request for http targets. A
// SOCKS5 proxy: a tunnel for both (socks.ts). Loaded only when a proxy applies; a proxy tack cannot
// speak to fails the request, it never goes direct.
import { type ClientRequest, request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { Duplex } from 'node:stream';
import type { ProxyChoice } from './env.js';
import { ProxyError } from './error.js';
import { reach, watch } from './proxy-socket.js';

/** node:http's `request(url, options, onResponse)`, which a caller uses as it would the plain one. */
export type RequestFn = (url: URL, options: RequestOptions, onResponse: (res: IncomingMessage) => void) => ClientRequest;

export interface ViaOptions {
  /** the address to reach instead of the URL's host name (the fetch tool's checked one); the name still goes in Host and TLS */
  address?: string;
  /** how long the proxy has to connect and, for CONNECT, to answer */
  connectTimeoutMs: number;
}

/** The most a proxy's answer to CONNECT may take before its blank line. */
const MAX_HEAD_BYTES = 16 * 1024;

export function viaProxy(proxy: ProxyChoice, o: ViaOptions): RequestFn {
  return (url, options, onResponse) => {
    type Callback = (err: Error | null, socket: Duplex) => void;
    const signal = options.signal ?? undefined;
    const connected = (open: () => Promise<Duplex>) => (_: unknown, done: Callback) => {
      open().then(
        (socket) => done(null, socket),
        (err: Error) => done(err, undefined as never),
      );
      return undefined;
    };
    const host = bare(o.address ?? url.hostname);
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    if (proxy.kind === 'unsupported') {
      const refused = () => Promise.reject(new ProxyError(proxy.shown, proxy.variable, proxy.reason));
      return httpRequest({ host: 'localhost', ...options, createConnection: connected(refused) }, onResponse);
    }
    if (proxy.kind === 'socks') {
      const open = async () => {
        const { socksTunnel } = await import('./socks.js');
        const socket = await socksTunnel(proxy, host, port, o.connectTimeoutMs, signal);
        // the tunnel is handed over paused; http reads a socket only once it flows (the server says nothing before the request)
        return url.protocol === 'https:' ? secured(socket, url) : socket.resume();
      };
      return (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { ...options, createConnection: connected(open) }, onResponse);
    }
    const authorization: Record<string, string> = proxy.authorization ? { 'proxy-authorization': proxy.authorization } : {};
    if (url.protocol === 'https:') {
      const open = async () => {
        return secured(await tunnel(proxy, host, port, authorization, o.connectTimeoutMs, signal), url);
      };
      return httpsRequest(url, { ...options, createConnection: connected(open) }, onResponse);
    }
    const target = new URL(url.href);
    if (o.address) target.hostname = isIP(o.address) === 6 ? `[${o.address}]` : o.address;
    target.hash = '';
    const headers = { ...(options.headers as Record<string, string>), host: url.host, ...authorization };
    const req = httpRequest(
      {
        ...options,
        host: proxy.host,
        port: proxy.port,
        path: target.href,
        headers,
        createConnection: connected(() => reach(proxy, o.connectTimeoutMs, signal)),
      },
      (res) => {
        if (res.statusCode !== 407) return onResponse(res);
        res.resume();
        req.destroy(new ProxyError(proxy.shown, proxy.variable, authFailure(proxy.authorization !== undefined)));
      },
    );
    return req;
  };
}

type Http = Extract<ProxyChoice, { kind: 'http' }>;

/** TLS to the URL's host over a tunnel: the certificate is checked against the URL's name, whatever address the tunnel went to. */
function secured(socket: Socket, url: URL): Duplex {
  const name = bare(url.hostname);
  return tlsConnect({ socket, host: name, servername: isIP(name) ? undefined : name, ALPNProtocols: ['http/1.1'] });
}

/** A socket to `host:port` through the proxy's CONNECT, ready for TLS. */
async function tunnel(
  proxy: Http,
  host: string,
  port: number,
  auth: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Socket> {
  const socket = await reach(proxy, timeoutMs, signal);
  const authority = `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
  return new Promise((resolve, reject) => {
    const stop = watch(socket, proxy, timeoutMs, signal, reject);
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head.length > MAX_HEAD_BYTES) fail(`its answer to CONNECT ${authority} never ended`);
        return;
      }
      socket.off('data', onData);
      socket.pause();
      const status = /^HTTP\/1\.[01] (\d{3})([^\r\n]*)/.exec(head.toString('latin1', 0, end));
      const code = Number(status?.[1] ?? 0);
      if (code >= 200 && code < 300) {
        stop();
        const rest = head.subarray(end + 4);
        if (rest.length > 0) socket.unshift(rest);
        resolve(socket);
        return;
      }
      if (code === 407) return fail(authFailure(auth['proxy-authorization'] !== undefined));
      fail(
        status
          ? `it answered CONNECT ${authority} with ${code}${status[2]!.replace(/[^\x20-\x7e]/g, '').slice(0, 80)}`
          : `its answer to CONNECT ${authority} is not HTTP`,
      );
    };
    const fail = (reason: string) => {
      stop();
      socket.destroy();
      reject(new ProxyError(proxy.shown, proxy.variable, reason));
    };
    socket.on('data', onData);
    const extra = Object.entries(auth).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${extra.join('')}\r\n`);
  });
}

function authFailure(sent: boolean): string {
  return sent
    ? 'it refused the user name and password in the proxy URL (407)'
    : 'it asks for a user name and password (407); give them in the URL, http://user:password@host:port';
}

function bare(host: string): string {
  return host.replace(/^\[(.*)\]$/, '$1');
}
