// One model answer over Chat Completions streaming: attempts, retries, idle timeout and abort.
// What the chunks mean is the assembler's job; what failures mean is errors.ts's job.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { constants as zlib, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import OpenAI from 'openai';
import { EventStream, emptyUsage, newAssistantMessage } from '../event-stream.js';
import { formatSeconds } from '../errors.js';
import { IdleWatchdog } from '../idle-watchdog.js';
import { MAX_RETRY_AFTER_MS, resolveRetryPolicy, retryDelay, sleep, type RetryPolicy } from '../retry.js';
import type { AssistantMessage, AssistantMessageEventStream, CompatFlags, Context, Model, StreamOptions } from '../types.js';
import { ChunkAssembler, type FinishedReason } from './assembler.js';
import { classifyError, type Failure, type Where } from './errors.js';
import { findFallback } from './fallbacks.js';
import { buildChatParams, reasoningEffort } from './messages.js';

export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;
/** One answer, all attempts together: long enough for a slow local model writing a long answer. */
export const DEFAULT_ANSWER_TIMEOUT_MS = 1_800_000;

export interface Endpoint {
  providerName: string;
  baseUrl: string;
  apiKey: string;
  /** where the key comes from, named when the server rejects it */
  apiKeyEnv?: string;
  headers?: Record<string, string>;
}

/** What a provider learned about its server during the session, shared by all its streams. */
export interface ServerQuirks {
  /** compat flags learned from refusals; they win over configured ones */
  learned: CompatFlags;
  /** tells the user something once (e.g. that the thinking level is ignored) */
  note(message: string): void;
}

type AttemptOutcome = { ok: true; reason: FinishedReason } | { ok: false; failure: Failure };

/** Streams one answer. Never throws: every failure ends the stream with an `error` event. */
export function streamChatCompletions(
  endpoint: Endpoint,
  model: Model,
  context: Context,
  options: StreamOptions = {},
  quirks: ServerQuirks = { learned: {}, note: () => {} },
): AssistantMessageEventStream {
  const stream = new EventStream();
  const message = newAssistantMessage(endpoint.providerName, model.id);
  run(stream, message, endpoint, model, context, options, quirks).catch((err: unknown) => {
    // Only a bug in this module gets here; still keep the promise that a StreamFn never throws.
    fail(stream, message, { kind: 'unknown', message: `internal error in the OpenAI adapter: ${String(err)}`, reason: '', retryable: false });
  });
  return stream;
}

async function run(
  stream: EventStream,
  message: AssistantMessage,
  endpoint: Endpoint,
  model: Model,
  context: Context,
  options: StreamOptions,
  quirks: ServerQuirks,
): Promise<void> {
  const { signal } = options;
  const policy = resolveRetryPolicy(options.retry);
  const idleMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const build = () => {
    const effective = { ...model, compat: { ...model.compat, ...quirks.learned } };
    const ignored = reasoningEffort(effective, options.thinkingLevel).ignored;
    if (ignored) quirks.note(`thinking level ${options.thinkingLevel} ignored: ${ignored}`);
    return buildChatParams(effective, context, options);
  };
  let params = build();
  const tried = new Set<string>();
  const deadline = answerDeadline(options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS, signal);
  const client = new OpenAI({
    baseURL: endpoint.baseUrl,
    apiKey: endpoint.apiKey,
    defaultHeaders: endpoint.headers,
    fetch: streamingFetch,
    maxRetries: 0, // retries are ours: they must be announced, abortable and discard partial output
    // Our watchdog covers the wait for headers too; the SDK's timeout is only a backstop behind it.
    ...(idleMs > 0 && Number.isFinite(idleMs) ? { timeout: Math.ceil(idleMs) + 1000 } : {}),
  });
  const where = { baseUrl: endpoint.baseUrl, modelId: model.id, keyEnv: endpoint.apiKeyEnv };
  stream.push({ type: 'start', partial: message });

  let reachedServer = false;
  try {
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) return abortWith(stream, message);
      if (deadline.passed) return fail(stream, message, deadlineFailure(endpoint.baseUrl, deadline.ms));
      const outcome = await runAttempt(client, params, message, stream, model, { signal: deadline.signal, idleMs, where });
      if (outcome.ok) {
        stream.push({ type: 'done', reason: outcome.reason, message, partial: message });
        return;
      }
      const { failure } = outcome;
      if (failure.kind === 'aborted') return deadline.passed && !signal?.aborted ? fail(stream, message, deadlineFailure(endpoint.baseUrl, deadline.ms)) : abortWith(stream, message);
      // A refused feature is left out at once, without counting as an attempt: it is not a failure
      // of the server, and waiting would not change its answer.
      const fallback = failure.detail !== undefined ? findFallback(failure.detail, params, tried) : undefined;
      if (fallback) {
        tried.add(fallback.feature);
        Object.assign(quirks.learned, fallback.learn);
        params = build();
        resetMessage(message);
        attempt--;
        continue;
      }
      const delayMs = nextDelay(failure, attempt, policy, reachedServer);
      reachedServer ||= !failure.unreached;
      if (delayMs === undefined) return fail(stream, message, finalFailure(failure, attempt));
      resetMessage(message);
      stream.push({ type: 'retry', attempt: attempt + 1, maxAttempts: policy.maxAttempts, delayMs, reason: failure.reason, partial: message });
      await sleep(delayMs, deadline.signal);
    }
  } finally {
    deadline.stop();
  }
}

interface Deadline {
  /** the caller's signal, also aborted when the deadline passes */
  signal: AbortSignal;
  readonly passed: boolean;
  ms: number;
  stop(): void;
}

/** The whole answer's time limit; `ms` of 0 or Infinity means none. */
function answerDeadline(ms: number, outer: AbortSignal | undefined): Deadline {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  outer?.addEventListener('abort', onAbort, { once: true });
  if (outer?.aborted) controller.abort();
  let passed = false;
  const timer = ms > 0 && Number.isFinite(ms) ? setTimeout(() => ((passed = true), controller.abort()), ms) : undefined;
  return {
    signal: controller.signal,
    get passed() {
      return passed;
    },
    ms,
    stop: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

function deadlineFailure(baseUrl: string, ms: number): Failure {
  return {
    kind: 'timeout',
    message: `the answer from ${baseUrl} took longer than ${formatSeconds(ms)}; raise "timeouts": {"answerSeconds": …} in the settings if it needs more`,
    reason: 'answer deadline passed',
    retryable: false,
  };
}

interface AttemptContext {
  signal: AbortSignal | undefined;
  idleMs: number;
  where: Where;
}

async function runAttempt(
  client: OpenAI,
  params: ReturnType<typeof buildChatParams>,
  message: AssistantMessage,
  stream: EventStream,
  model: Model,
  { signal, idleMs, where }: AttemptContext,
): Promise<AttemptOutcome> {
  // One controller per attempt, so an idle timeout cancels this attempt without touching the caller's signal.
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const watchdog = new IdleWatchdog(idleMs, () => controller.abort());
  const interrupted = (): AttemptOutcome | undefined => {
    if (signal?.aborted) return { ok: false, failure: classifyError(new OpenAI.APIUserAbortError(), where) };
    if (watchdog.fired) return { ok: false, failure: idleFailure(where.baseUrl, idleMs) };
    return undefined;
  };
  try {
    const response = await client.chat.completions.create(params, { signal: controller.signal }).asResponse();
    watchdog.touch();
    const assembler = new ChunkAssembler(message, (event) => stream.push(event), model.prices);
    // Only model data keeps the attempt alive: a server sending nothing but `: ping` comments (or
    // empty chunks) is as silent as one sending nothing.
    await readChunks(response, (chunk) => {
      if (assembler.push(chunk)) watchdog.touch();
    });
    // A body cut by an abort may also end quietly, so a clean end may still be an abort.
    return interrupted() ?? { ok: true, reason: assembler.finish() };
  } catch (err) {
    return interrupted() ?? { ok: false, failure: classifyError(err, where) };
  } finally {
    watchdog.stop();
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The wait before the next attempt, or undefined to give up. Connection refused on the first
 * contact means nothing listens there (wrong URL, server not started): retrying would only delay
 * "cannot reach URL". Once we have reached the server, a refusal means it is restarting: retry.
 */
function nextDelay(failure: Failure, attempt: number, policy: RetryPolicy, reachedServer: boolean): number | undefined {
  const retryable = failure.retryable || (failure.refused === true && reachedServer);
  if (!retryable || attempt >= policy.maxAttempts) return undefined;
  if (failure.retryAfterMs !== undefined && failure.retryAfterMs > MAX_RETRY_AFTER_MS) return undefined;
  return retryDelay(attempt, policy, failure.retryAfterMs);
}

function finalFailure(failure: Failure, attempts: number): Failure {
  if (failure.retryAfterMs !== undefined && failure.retryAfterMs > MAX_RETRY_AFTER_MS) {
    return { ...failure, message: `${failure.message}; the server asks to wait ${formatSeconds(failure.retryAfterMs)} before trying again` };
  }
  if (attempts === 1) return failure;
  return { ...failure, message: `${failure.message} (gave up after ${attempts} attempts)` };
}

function idleFailure(baseUrl: string, idleMs: number): Failure {
  return {
    kind: 'timeout',
    message: `the server at ${baseUrl} stopped answering for ${formatSeconds(idleMs)}; check that it is still running, or raise the idle timeout`,
    reason: `no answer for ${formatSeconds(idleMs)}`,
    retryable: true,
  };
}

/** A retry starts over: what the failed attempt streamed must not end up in the answer twice. */
function resetMessage(message: AssistantMessage): void {
  message.content = [];
  message.usage = emptyUsage();
  message.stopReason = 'stop';
}

function fail(stream: EventStream, message: AssistantMessage, failure: Failure): void {
  message.stopReason = 'error';
  message.errorKind = failure.kind;
  message.errorMessage = failure.message;
  stream.push({ type: 'error', reason: 'error', error: message, partial: message });
}

/** The partial answer is kept: the agent records it as aborted. */
function abortWith(stream: EventStream, message: AssistantMessage): void {
  message.stopReason = 'aborted';
  message.errorKind = 'aborted';
  message.errorMessage = 'the request was aborted';
  stream.push({ type: 'error', reason: 'aborted', error: message, partial: message });
}

/** The longest stretch of chunk handling without a turn of the event loop. */
const SLICE_MS = 15;

/**
 * Reads a streamed Chat Completions body (server-sent events) and hands over each chunk. It means
 * what the SDK's `Stream` means (events end at a blank line; `data:` lines are joined; `[DONE]`
 * ends the data; `error` in the data is thrown as the SDK's APIError), but costs O(bytes): the
 * SDK's reader copies the rest of its buffer for every event it takes out (quadratic in a network
 * read that holds hundreds of events) and goes through three async generators per event.
 */
export async function readChunks(response: Response, onChunk: (chunk: unknown) => void): Promise<void> {
  if (!response.body) throw new OpenAI.OpenAIError('Attempted to iterate over a response with no body');
  const raw = rawBodies.get(response);
  const reader = raw ? nodeReader(raw) : response.body.getReader();
  const decoder = new TextDecoder();
  const events = new SseEvents();
  let finished = false;
  let sliceStart = performance.now();
  try {
    for (let done = false; !done; ) {
      const read = await reader.read();
      done = read.done;
      const batch = events.push(done ? decoder.decode() : decoder.decode(read.value, { stream: true }), done);
      for (let i = 0; i < batch.length; i++) {
        // A read can hold thousands of chunks (a fast server, a client that fell behind), and all
        // of them are handed over in microtasks: every SLICE_MS the event loop gets a turn, so
        // timers, keys and the UI's frames are not held off until the burst is over.
        if (performance.now() - sliceStart > SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        }
        const { data, event } = batch[i]!;
        if (event === null || !event.startsWith('thread.')) {
          const json = JSON.parse(data) as unknown;
          if (json && typeof json === 'object' && 'error' in json && json.error) throw new OpenAI.APIError(undefined, json.error as object, undefined, response.headers);
          onChunk(json);
          // One turn of the microtask queue between chunks: a consumer waiting on the event
          // stream sees each event while its `partial` still shows the message at that moment.
          await undefined;
        } else {
          // Assistants events (`thread.…`) carry no chunk; the SDK still parses them.
          JSON.parse(data);
        }
      }
    }
    finished = true;
  } finally {
    // Left early (an error event, bad JSON): stop the download.
    if (!finished) reader.cancel().catch(() => {});
  }
}

export interface SseEvent {
  data: string;
  event: string | null;
}

/** Server-sent events from text pieces: lines end at LF, CRLF or CR; a blank line ends an event. */
export class SseEvents {
  private rest = '';
  private event: string | null = null;
  private data: string | null = null;
  private more: string[] | null = null;
  private done = false;
  private out: SseEvent[] = [];

  /** The events that `text` completes (none after `[DONE]`). */
  push(text: string, final = false): SseEvent[] {
    let t = this.rest === '' ? text : this.rest + text;
    let held = '';
    if (t.includes('\r')) {
      // A CR at the very end may be the first half of a CRLF.
      if (!final && t.endsWith('\r')) {
        held = '\r';
        t = t.slice(0, -1);
      }
      t = t.replace(/\r\n?/g, '\n');
    }
    let start = 0;
    for (let nl = t.indexOf('\n'); nl >= 0; nl = t.indexOf('\n', start)) {
      this.line(t.slice(start, nl));
      start = nl + 1;
    }
    // An unfinished last line at the very end is dropped, as the SDK drops it.
    this.rest = final ? '' : t.slice(start) + held;
    const out = this.out;
    this.out = [];
    return out;
  }

  private line(line: string): void {
    if (line === '') {
      if (!this.event && this.data === null) return;
      const data = this.more ? [this.data, ...this.more].join('\n') : (this.data ?? '');
      const event = this.event;
      this.event = this.data = this.more = null;
      if (this.done) return;
      if (data.startsWith('[DONE]')) this.done = true;
      else this.out.push({ data, event });
      return;
    }
    if (line.charCodeAt(0) === 0x3a) return; // ':' starts a comment
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 0x20) value = value.slice(1);
    if (field === 'data') {
      if (this.data === null) this.data = value;
      else (this.more ??= []).push(value);
    } else if (field === 'event') this.event = value;
  }
}

/** The bodies of the responses `streamingFetch` made, as Node streams. */
const rawBodies = new WeakMap<Response, Readable>();

/** Ports fetch refuses to connect to ("bad port"), left to fetch so that they fail as before. */
const FETCH_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113,
  115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556,
  563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667,
  6668, 6669, 6679, 6697, 10080,
]);

/** undici's connect timeout, which fetch would apply. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The streaming request's transport: node:http where fetch (undici) would be used. A streamed
 * answer arrives as tens of thousands of small HTTP chunks, and in a fresh process fetch spends
 * several times more CPU on them (a WASM parser, a web stream and a copy per chunk) than node:http's
 * native parser, whose Node stream `readChunks` reads in as few pieces as arrived. What fetch does
 * on the way is kept: a `TypeError('fetch failed')` with the socket error as its cause, an
 * `AbortError` on abort, a 10-second connect timeout, the body as a web stream for the SDK's error
 * handling. Redirects, other body types and the ports fetch refuses are left to fetch itself.
 */
export function streamingFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const body = init.body;
  const plain = (url.protocol === 'http:' || url.protocol === 'https:') && !FETCH_BLOCKED_PORTS.has(Number(url.port));
  if (!plain || (body != null && typeof body !== 'string')) return fetch(input, init);
  const signal = init.signal ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    if (typeof body === 'string') headers['content-length'] = String(Buffer.byteLength(body));
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(url, { method: init.method ?? 'GET', headers, signal }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location && init.redirect !== 'manual') {
        // fetch follows redirects (and knows the rules for which method and body go along).
        res.resume();
        resolve(fetch(input, init));
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
        const response = new Response(empty ? null : webBody(decoded), { status, statusText: res.statusMessage ?? '', headers: h });
        if (!empty) rawBodies.set(response, decoded);
        resolve(response);
      } catch (err) {
        res.destroy();
        reject(new TypeError('fetch failed', { cause: err }));
      }
    });
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(() => {
        const host = `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
        req.destroy(Object.assign(new Error(`Connect Timeout Error (attempted address: ${host}, timeout: ${CONNECT_TIMEOUT_MS}ms)`), { code: 'UND_ERR_CONNECT_TIMEOUT' }));
      }, CONNECT_TIMEOUT_MS);
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
  const codings = (res.headers['content-encoding'] ?? '').toLowerCase().split(',').map((c) => c.trim()).filter(Boolean);
  const flush = { flush: zlib.Z_SYNC_FLUSH, finishFlush: zlib.Z_SYNC_FLUSH };
  let body: Readable = res;
  for (const coding of codings.reverse()) {
    const next = coding === 'gzip' || coding === 'x-gzip' ? createGunzip(flush) : coding === 'deflate' ? createInflate(flush) : coding === 'br' ? createBrotliDecompress() : null;
    if (!next) return res; // an encoding fetch does not know either: the bytes as they came
    const from = body;
    from.on('error', (err) => next.destroy(err));
    body = from.pipe(next);
  }
  if (body !== res) body.on('close', () => {
    if (!res.complete) res.destroy();
  });
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

/** A reader over a Node stream: each read takes everything buffered so far. */
function nodeReader(res: Readable): { read(): Promise<{ done: true; value?: undefined } | { done: false; value: Uint8Array }>; cancel(): Promise<void> } {
  const it = res[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return {
    read: async () => {
      const next = await it.next();
      return next.done ? { done: true, value: undefined } : { done: false, value: next.value };
    },
    cancel: async () => {
      res.destroy();
    },
  };
}
