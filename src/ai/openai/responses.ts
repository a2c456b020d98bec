// One model answer over OpenAI's Responses API (`POST /responses`, streamed), through the same
// attempt loop as Chat Completions: retries, idle timeout, answer deadline, abort and errors alike.
import type { ResponseCreateParamsStreaming } from 'openai/resources/responses/responses';
import type { AssistantMessageEventStream } from '../event-stream.js';
import type { Context, Model, StreamOptions } from '../types.js';
import { postStreamed } from './client.js';
import type { Fallback } from './fallbacks.js';
import { ResponsesAssembler } from './responses-assembler.js';
import { buildResponsesParams } from './responses-params.js';
import { type Endpoint, type ServerQuirks, streamWith, type WireApi } from './stream.js';

/** Organizations OpenAI has not verified get a 400 for reasoning summaries: the answer goes on without them. */
function findResponsesFallback(detail: string, params: ResponseCreateParamsStreaming, tried: ReadonlySet<string>): Fallback | undefined {
  if (tried.has('reasoning summary') || !params.reasoning?.summary || !/summar/i.test(detail)) return undefined;
  return { feature: 'reasoning summary', learn: { supportsReasoningSummary: false } };
}

const RESPONSES: WireApi<ResponseCreateParamsStreaming> = {
  endpoint: 'responses',
  build: buildResponsesParams,
  send: (endpoint, params, signal) => postStreamed(endpoint, '/responses', JSON.stringify(params), signal),
  assembler: (message, emit, prices) => new ResponsesAssembler(message, emit, prices),
  fallback: findResponsesFallback,
};

/** Streams one answer over the Responses API. Never throws: every failure ends the stream with an `error` event. */
export function streamResponses(
  endpoint: Endpoint,
  model: Model,
  context: Context,
  options?: StreamOptions,
  quirks?: ServerQuirks,
): AssistantMessageEventStream {
  return streamWith(RESPONSES, endpoint, model, context, options, quirks);
}
