// The fetch remote MCP servers are reached with. The SDK reads a POST's answer until the server ends
// it, even after the request timed out: a server streaming for ever was read for the whole session.
// Here the answer to a request is cut once its time is up, and no answer may exceed MAX_BODY_BYTES.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** More than any answer tack keeps (results are cut to 30 KB of text, images to 8 MB of base64). */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** After the SDK's own timeout, so a slow answer is reported as a timeout, not a broken stream. */
const GRACE_MS = 1000;

/** Statuses a Response may not be built with a body for. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** Requests whose timeout is the entry's call timeout; the rest (initialize, lists) get the start-up time. */
const CALLS = new Set(['tools/call', 'resources/read', 'prompts/get']);

export interface FetchLimits {
  /** the entry's per-call timeout */
  callMs: number;
  /** what starting and listing may take */
  startMs: number;
}

/** How long the answer to this request may be read; undefined for the server's own stream (GET without Last-Event-ID). */
export function answerLimitMs(init: RequestInit | undefined, limits: FetchLimits): number | undefined {
  const method = (init?.method ?? 'GET').toUpperCase();
  if (method === 'GET') return new Headers(init?.headers).has('last-event-id') ? limits.startMs : undefined;
  if (method !== 'POST') return limits.startMs;
  const body = typeof init?.body === 'string' ? init.body : '';
  let messages: unknown;
  try {
    messages = JSON.parse(body);
  } catch {
    return limits.startMs;
  }
  const methods = (Array.isArray(messages) ? messages : [messages]).map((m) => (m as { method?: unknown } | null)?.method);
  return methods.some((m) => typeof m === 'string' && CALLS.has(m)) ? limits.callMs : limits.startMs;
}

/** A body that errors once more than `max` bytes went through it. */
function capped(body: ReadableStream<Uint8Array>, max: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) controller.error(new Error(`the MCP server's answer passed ${max / 1048576} MB; tack stopped reading it`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

export function boundedFetch(limits: FetchLimits, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const ms = answerLimitMs(init, limits);
    const signals = [init?.signal, ms === undefined ? undefined : AbortSignal.timeout(ms + GRACE_MS)].filter((s): s is AbortSignal => !!s);
    const response = await base(url, { ...init, signal: signals.length > 0 ? AbortSignal.any(signals) : undefined });
    if (!response.body || NULL_BODY.has(response.status)) return response;
    return new Response(capped(response.body, MAX_BODY_BYTES), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
