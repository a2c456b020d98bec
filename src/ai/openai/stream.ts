// One model answer over a streaming API (Chat Completions, or Responses): attempts, retries, idle
// timeout and abort. What the API's request and events look like is its WireApi's job; what
// failures mean is errors.ts's job.
import { AssistantMessageEventStream, emptyUsage, newAssistantMessage } from '../event-stream.js';
import { formatSeconds } from '../errors.js';
import { IdleWatchdog } from '../idle-watchdog.js';
import { MAX_RETRY_AFTER_MS, resolveRetryPolicy, retryDelay, sleep, type RetryPolicy } from '../retry.js';
import type { AssistantMessage, AssistantMessageEvent, CompatFlags, Context, Model, StreamOptions } from '../types.js';
import { ChunkAssembler, type FinishedReason } from './assembler.js';
import { classifyError, type Failure, type Where } from './errors.js';
import { findFallback, type Fallback } from './fallbacks.js';
import { buildChatParams, levelOf, reasoningEffort } from './messages.js';
import { chatBody } from './chat-body.js';
import { isEventStream, isHtml, notAModelResponse } from './not-a-stream.js';
import { type Endpoint, postStreamed } from './client.js';
import type { HttpAnswer } from './http-request.js';
import { readChunks } from './sse.js';

export type { Endpoint } from './client.js';

export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;
/** One answer, all attempts together: long enough for a slow local model writing a long answer. */
export const DEFAULT_ANSWER_TIMEOUT_MS = 1_800_000;

/** What a provider learned about its server during the session, shared by all its streams. */
export interface ServerQuirks {
  /** compat flags learned from refusals; they win over configured ones */
  learned: CompatFlags;
  /** tells the user something once (e.g. that the thinking level is ignored) */
  note(message: string): void;
}

type AttemptOutcome = { ok: true; reason: FinishedReason } | { ok: false; failure: Failure };

/** Turns one attempt's stream of events (SSE data, parsed) into content blocks and stream events. */
export interface StreamAssembler {
  /** true when the event carried model data, not just keep-alive */
  push(event: unknown): boolean;
  /** closes every block and returns the stop reason */
  finish(): FinishedReason;
}

/** What differs between the APIs an answer can be streamed over: the request, its events, its refusals. */
export interface WireApi<P> {
  /** the endpoint, as a person would name it: 'chat completions' */
  endpoint: string;
  build(model: Model, context: Context, options: StreamOptions): P;
  /** sends the request; resolves with the streamed answer, rejects with an ApiError on a refusal */
  send(endpoint: Endpoint, params: P, signal: AbortSignal): Promise<HttpAnswer>;
  assembler(message: AssistantMessage, emit: (event: AssistantMessageEvent) => void, prices: Model['prices']): StreamAssembler;
  /** the fallback that answers a refusal of part of this request, if any */
  fallback(detail: string, params: P, tried: ReadonlySet<string>): Fallback | undefined;
}

const CHAT: WireApi<ReturnType<typeof buildChatParams>> = {
  endpoint: 'chat completions',
  build: buildChatParams,
  send: (endpoint, params, signal) => postStreamed(endpoint, '/chat/completions', chatBody(params), signal),
  assembler: (message, emit, prices) => new ChunkAssembler(message, emit, prices),
  fallback: findFallback,
};

/** Streams one answer over Chat Completions. Never throws: every failure ends the stream with an `error` event. */
export function streamChatCompletions(
  endpoint: Endpoint,
  model: Model,
  context: Context,
  options: StreamOptions = {},
  quirks: ServerQuirks = { learned: {}, note: () => {} },
): AssistantMessageEventStream {
  return streamWith(CHAT, endpoint, model, context, options, quirks);
}

/** Streams one answer over `api`. Never throws: every failure ends the stream with an `error` event. */
export function streamWith<P>(
  api: WireApi<P>,
  endpoint: Endpoint,
  model: Model,
  context: Context,
  options: StreamOptions = {},
  quirks: ServerQuirks = { learned: {}, note: () => {} },
): AssistantMessageEventStream {
  const stream = new AssistantMessageEventStream();
  const message = newAssistantMessage(endpoint.providerName, model.id);
  run(api, stream, message, endpoint, model, context, options, quirks).catch((err: unknown) => {
    // Only a bug in this module gets here; still keep the promise that a StreamFn never throws.
    fail(stream, message, { kind: 'unknown', message: `internal error in the OpenAI adapter: ${String(err)}`, reason: '', retryable: false });
  });
  return stream;
}

async function run<P>(
  api: WireApi<P>,
  stream: AssistantMessageEventStream,
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
    const ignored = reasoningEffort(effective, levelOf(options)).ignored;
    if (ignored) quirks.note(`thinking level ${levelOf(options)} ignored: ${ignored}`);
    return api.build(effective, context, options);
  };
  let params = build();
  const tried = new Set<string>();
  const deadline = answerDeadline(options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS, signal);
  const where = { baseUrl: endpoint.baseUrl, modelId: model.id, keyEnv: endpoint.apiKeyEnv, endpoint: api.endpoint };
  stream.push({ type: 'start', partial: message });

  let reachedServer = false;
  try {
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) return abortWith(stream, message);
      if (deadline.passed) return fail(stream, message, deadlineFailure(endpoint.baseUrl, deadline.ms));
      const outcome = await runAttempt(api, endpoint, params, message, stream, model, { signal: deadline.signal, idleMs, where });
      if (outcome.ok) {
        stream.push({ type: 'done', reason: outcome.reason, message, partial: message });
        return;
      }
      const { failure } = outcome;
      if (failure.kind === 'aborted')
        return deadline.passed && !signal?.aborted ? fail(stream, message, deadlineFailure(endpoint.baseUrl, deadline.ms)) : abortWith(stream, message);
      // A refused feature is left out at once, without counting as an attempt: it is not a failure
      // of the server, and waiting would not change its answer.
      const fallback = failure.detail !== undefined ? api.fallback(failure.detail, params, tried) : undefined;
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
  const timer =
    ms > 0 && Number.isFinite(ms)
      ? setTimeout(() => {
          passed = true;
          controller.abort();
        }, ms)
      : undefined;
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

async function runAttempt<P>(
  api: WireApi<P>,
  endpoint: Endpoint,
  params: P,
  message: AssistantMessage,
  stream: AssistantMessageEventStream,
  model: Model,
  { signal, idleMs, where }: AttemptContext,
): Promise<AttemptOutcome> {
  // One controller per attempt, so an idle timeout cancels this attempt without touching the caller's signal.
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const watchdog = new IdleWatchdog(idleMs, () => controller.abort());
  const interrupted = (): AttemptOutcome | undefined => {
    if (signal?.aborted) return { ok: false, failure: { kind: 'aborted', message: 'the request was aborted', reason: 'aborted', retryable: false } };
    if (watchdog.fired) return { ok: false, failure: idleFailure(where.baseUrl, idleMs) };
    return undefined;
  };
  try {
    const response = await api.send(endpoint, params, controller.signal);
    watchdog.touch();
    const contentType = response.headers.get('content-type');
    if (isHtml(contentType)) {
      response.cancel();
      return { ok: false, failure: notAModelResponse(where.baseUrl, contentType) };
    }
    const assembler = api.assembler(message, (event) => stream.push(event), model.prices);
    let chunks = 0;
    // Only model data keeps the attempt alive: a server sending nothing but `: ping` comments (or
    // empty chunks) is as silent as one sending nothing.
    await readChunks(response.body, (chunk) => {
      chunks++;
      if (assembler.push(chunk)) watchdog.touch();
    });
    // A body cut by an abort may also end quietly, so a clean end may still be an abort.
    const cut = interrupted();
    if (cut) return cut;
    if (chunks === 0 && !isEventStream(contentType)) return { ok: false, failure: notAModelResponse(where.baseUrl, contentType) };
    return { ok: true, reason: assembler.finish() };
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

function fail(stream: AssistantMessageEventStream, message: AssistantMessage, failure: Failure): void {
  message.stopReason = 'error';
  message.errorKind = failure.kind;
  message.errorMessage = failure.message;
  stream.push({ type: 'error', reason: 'error', error: message, partial: message });
}

/** The partial answer is kept: the agent records it as aborted. */
function abortWith(stream: AssistantMessageEventStream, message: AssistantMessage): void {
  message.stopReason = 'aborted';
  message.errorKind = 'aborted';
  message.errorMessage = 'the request was aborted';
  stream.push({ type: 'error', reason: 'aborted', error: message, partial: message });
}
