// Maps what a model call throws (the server's refusal, the transport's errors) to a Failure: what
// kind of error it was, whether another attempt could help, and a sentence that tells a person what to do.
import { ApiError } from './api-error.js';
import { errorCode, errorText, isContextOverflowMessage } from '../errors.js';
import { parseRetryAfter } from '../retry.js';
import { ChunkShapeError } from './chunk-shape.js';
import { proxyErrorIn } from '../../net/proxy/error.js';
import { stripControls } from '../../text/terminal-text.js';
import type { ErrorKind } from '../types.js';

export interface Failure {
  kind: ErrorKind;
  /** the sentence shown to the user if this is the last attempt */
  message: string;
  /** short, for `retry` events: "rate limited (429)" */
  reason: string;
  retryable: boolean;
  retryAfterMs?: number;
  /** connection refused: nobody listens at the address (retried only if we reached the server before) */
  refused?: boolean;
  /** the request never got to a server (refused, DNS, TLS, ...) */
  unreached?: boolean;
  /** a refused request (400, 422): the server's own words, to see which feature it refused */
  detail?: string;
}

export interface Where {
  baseUrl: string;
  modelId: string;
  /** the environment variable the key comes from, for the hint on a rejected key */
  keyEnv?: string;
  /** the endpoint asked, named when it is missing (default 'chat completions') */
  endpoint?: string;
}

const DETAIL_LIMIT = 300;
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ETIMEDOUT']);
const UNREACHABLE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

export function classifyError(err: unknown, where: Where): Failure {
  const url = where.baseUrl;
  const name = (err as { name?: unknown } | null)?.name;
  if (name === 'AbortError') return { kind: 'aborted', message: 'the request was aborted', reason: 'aborted', retryable: false };
  if (name === 'TimeoutError') {
    return { kind: 'timeout', message: `the server at ${url} did not answer in time`, reason: 'timed out', retryable: true };
  }
  if (err instanceof ApiError && err.status !== undefined) return classifyStatus(err, err.status, where);
  if (err instanceof ApiError) return classifyStreamedError(err, where);
  if (err instanceof TypeError || errorCode(err)) return classifyConnection(err, url);
  if (err instanceof ChunkShapeError) {
    return {
      kind: 'server',
      message: `the server at ${url} sent a chunk that is not a chat completion chunk (${err.message})`,
      reason: 'malformed chunk',
      retryable: true,
    };
  }
  if (err instanceof SyntaxError) {
    // Each SSE event is parsed; a broken one usually means a proxy cut a chunk short.
    return { kind: 'server', message: `the server at ${url} sent a malformed stream (${err.message})`, reason: 'malformed stream', retryable: true };
  }
  return { kind: 'unknown', message: `unexpected error talking to ${url}: ${errorText(err)}`, reason: 'unexpected error', retryable: false };
}

function classifyStatus(err: ApiError, status: number, where: Where): Failure {
  const url = where.baseUrl;
  const detail = serverDetail(err);
  const said = detail ? ` (server said: ${detail})` : '';
  if (status === 401 || status === 403) {
    return {
      kind: 'auth',
      message: `the server at ${url} rejected the API key; ${where.keyEnv ? `set ${where.keyEnv} or pass --api-key` : 'pass the right one with --api-key'}${said}`,
      reason: `rejected (${status})`,
      retryable: false,
    };
  }
  if (status >= 300 && status < 400 && err.headers?.get('location')) return redirected(err.headers.get('location')!, status, url);
  if (status === 404) {
    if (/model/i.test(detail) || err.code === 'model_not_found') {
      return {
        kind: 'not_found',
        message: `model ${where.modelId} is not served at ${url}; try \`tack --list-models\`${said}`,
        reason: 'not found (404)',
        retryable: false,
      };
    }
    return {
      kind: 'not_found',
      message: `the server at ${url} has no ${where.endpoint ?? 'chat completions'} endpoint (404); check the base URL, which usually ends in /v1${said}`,
      reason: 'not found (404)',
      retryable: false,
    };
  }
  if (isContextOverflowMessage(detail) || status === 413) {
    return {
      kind: 'context_overflow',
      message: `the conversation is too long for model ${where.modelId}${said}`,
      reason: `context overflow (${status})`,
      retryable: false,
    };
  }
  if (status === 429) {
    if (err.code === 'insufficient_quota') {
      return {
        kind: 'rate_limit',
        message: `the account behind the API key for ${url} has run out of quota${said}`,
        reason: 'out of quota (429)',
        retryable: false,
      };
    }
    return {
      kind: 'rate_limit',
      message: `the server at ${url} is rate limiting requests (429)${said}; wait a moment and try again`,
      reason: 'rate limited (429)',
      retryable: true,
      retryAfterMs: parseRetryAfter(err.headers),
    };
  }
  if (status >= 500 || status === 408 || status === 409) {
    return {
      kind: 'server',
      message: `the server at ${url} failed with status ${status}${said}`,
      reason: `server error (${status})`,
      retryable: true,
      retryAfterMs: parseRetryAfter(err.headers),
    };
  }
  return {
    kind: 'bad_request',
    message: `the server at ${url} refused the request (${status})${said}`,
    reason: `refused (${status})`,
    retryable: false,
    detail,
  };
}

/** A model call's redirect, with the base URL it points to when its path is an endpoint's. */
function redirected(location: string, status: number, url: string): Failure {
  let to = stripControls(location).trim();
  let base: string | undefined;
  try {
    const target = new URL(to, `${url}/`);
    to = target.href;
    const stripped = target.search || target.hash ? to : to.replace(/\/(chat\/completions|responses|models)\/?$/, '');
    if (stripped !== to) base = stripped;
  } catch {
    // not a URL: said as it came
  }
  return {
    kind: 'not_found',
    message: `the server at ${url} answered with a redirect (${status}) to ${to}; set --base-url to the final address${base ? ` (${base})` : ''}`,
    reason: `redirect (${status})`,
    retryable: false,
  };
}

function classifyConnection(err: unknown, url: string): Failure {
  const proxy = proxyErrorIn(err);
  if (proxy) return { kind: 'network', message: proxy.sentence(`the model at ${url}`), reason: 'proxy failed', retryable: false, unreached: true };
  const code = errorCode(err);
  const text = errorText(err);
  if (code === 'ECONNREFUSED') {
    return {
      kind: 'network',
      message: `cannot reach ${url}: connection refused; check that the server is running and the base URL is right`,
      reason: 'connection refused',
      retryable: false,
      refused: true,
      unreached: true,
    };
  }
  if (code && UNREACHABLE_CODES.has(code)) {
    return {
      kind: 'network',
      message: `cannot reach ${url}: ${code === 'ENOTFOUND' ? 'host not found' : code}; check the base URL and your network`,
      reason: code,
      retryable: false,
      unreached: true,
    };
  }
  // undici reports a body cut short as TypeError('terminated') with a socket error as its cause.
  if ((code && RESET_CODES.has(code)) || /terminated|other side closed|socket hang up/i.test(text)) {
    return { kind: 'network', message: `the connection to ${url} dropped before the answer was complete`, reason: 'connection dropped', retryable: true };
  }
  if (/^bad port$/i.test(text)) {
    const port = portOf(url);
    return {
      kind: 'network',
      message: `cannot reach ${url}: fetch refuses to connect to port ${port} (it is on the list of ports browsers block); run the server on another port`,
      reason: 'blocked port',
      retryable: false,
      unreached: true,
    };
  }
  if (/certificate|ssl|tls/i.test(text)) {
    return { kind: 'network', message: `cannot reach ${url}: TLS error (${text})`, reason: 'TLS error', retryable: false, unreached: true };
  }
  return { kind: 'network', message: `cannot reach ${url}: ${text}`, reason: 'connection error', retryable: true, unreached: true };
}

function portOf(url: string): string {
  try {
    const u = new URL(url);
    return u.port || (u.protocol === 'https:' ? '443' : '80');
  } catch {
    return '?';
  }
}

/** An `{"error": ...}` object sent inside an otherwise successful stream (no HTTP status). */
function classifyStreamedError(err: ApiError, where: Where): Failure {
  const detail = serverDetail(err);
  if (isContextOverflowMessage(detail)) {
    return {
      kind: 'context_overflow',
      message: `the conversation is too long for model ${where.modelId} (server said: ${detail})`,
      reason: 'context overflow',
      retryable: false,
    };
  }
  return {
    kind: 'server',
    message: `the server at ${where.baseUrl} reported an error mid-answer: ${detail}`,
    reason: 'server error mid-answer',
    retryable: true,
  };
}

/** The server's own words, cut to a readable length. */
function serverDetail(err: ApiError): string {
  // The server's words end up on a terminal (print mode's stderr): no escape sequence gets through.
  const oneLine = stripControls(err.detail).replace(/\s+/g, ' ').trim();
  return oneLine.length > DETAIL_LIMIT ? `${oneLine.slice(0, DETAIL_LIMIT)}…` : oneLine;
}
