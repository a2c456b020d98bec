// A socket to a proxy, and the proxy's failures while a connection through it is being set up, each
// said once as a ProxyError naming the proxy (never its password).
import { connect as netConnect, type Socket } from 'node:net';
import { ProxyError } from './error.js';

/** Where a proxy is, and how to name it. */
export interface ProxyPlace {
  host: string;
  port: number;
  shown: string;
  variable: string;
}

/** A socket to the proxy, connected; its failures said as the proxy's. */
export function reach(proxy: ProxyPlace, timeoutMs: number, signal: AbortSignal | undefined): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = netConnect({ host: proxy.host, port: proxy.port });
    const stop = watch(socket, proxy, timeoutMs, signal, reject);
    socket.once('connect', () => {
      stop();
      resolve(socket);
    });
  });
}

/**
 * The proxy's failures while a socket is being set up, each said once as a ProxyError: its errors,
 * its closing, the timeout, the caller's abort (passed on as it is). Returns what stops watching.
 */
export function watch(socket: Socket, proxy: ProxyPlace, timeoutMs: number, signal: AbortSignal | undefined, reject: (err: unknown) => void): () => void {
  const fail = (err: unknown) => {
    stop();
    socket.destroy();
    reject(err);
  };
  const onError = (err: NodeJS.ErrnoException) => fail(new ProxyError(proxy.shown, proxy.variable, socketFailure(err), { cause: err }));
  const onClose = () => fail(new ProxyError(proxy.shown, proxy.variable, 'it closed the connection'));
  const onAbort = () => fail(signal!.reason);
  const timer = setTimeout(() => fail(new ProxyError(proxy.shown, proxy.variable, `no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  const stop = () => {
    clearTimeout(timer);
    socket.off('error', onError);
    socket.off('close', onClose);
    signal?.removeEventListener('abort', onAbort);
  };
  if (signal?.aborted) queueMicrotask(onAbort);
  socket.on('error', onError);
  socket.on('close', onClose);
  signal?.addEventListener('abort', onAbort, { once: true });
  return stop;
}

function socketFailure(err: NodeJS.ErrnoException): string {
  if (err.code === 'ECONNREFUSED') return 'connection refused';
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return 'its host was not found (DNS)';
  if (err.code === 'ECONNRESET') return 'the connection was reset';
  return err.code ?? err.message;
}
