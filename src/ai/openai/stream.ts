// One model answer over Chat Completions streaming: attempts, retries, idle timeout and abort.
// What the chunks mean is the assembler's job; what failures mean is errors.ts's job.
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
import { readChunks } from './sse.js';
import { streamingFetch } from './transport.js';

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
      if (failure.kind === 'aborted')
        return deadline.passed && !signal?.aborted ? fail(stream, message, deadlineFailure(endpoint.baseUrl, deadline.ms)) : abortWith(stream, message);
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
