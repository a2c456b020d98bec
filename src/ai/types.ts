// Provider-neutral messages and the stream event protocol (see DESIGN.md, "Model layer").

export interface TextContent {
  type: 'text';
  text: string;
}

export interface ThinkingContent {
  type: 'thinking';
  thinking: string;
  /**
   * How the server sent it, so it can be replayed the way that server expects: in a delta field
   * (`reasoning_content`, `reasoning`) or inline as `<think>…</think>` in the content.
   */
  format?: ReasoningFormat;
  /** the text is the server's summary of its reasoning, not the reasoning itself */
  summary?: boolean;
  /**
   * What the server needs back to trust its own reasoning on the next request (a signature, an
   * encrypted item), kept as it came and never shown. Persisted with the message in the session.
   */
  sealed?: SealedReasoning;
}

/**
 * `reasoning_content`, `reasoning`: a delta field; `think_tag`: inline `<think>…</think>`;
 * `content_parts`: a `thinking` part of an array content (Mistral); `reasoning_details`: an item of
 * the `reasoning_details` list (OpenRouter and gateways like it); `responses`: a reasoning item of the
 * Responses API.
 */
export type ReasoningFormat = 'reasoning_content' | 'reasoning' | 'think_tag' | 'content_parts' | 'reasoning_details' | 'responses';

export interface SealedReasoning {
  /** the server's id of the reasoning item */
  id?: string;
  /** the server's signature over the block's text */
  signature?: string;
  /** the reasoning, encrypted; the block's text is then empty (or a summary) */
  encrypted?: string;
  /** the server's name for the item's kind, e.g. OpenRouter's `format` "anthropic-claude-v1" */
  scheme?: string;
}

export interface ImageContent {
  type: 'image';
  /** base64-encoded bytes */
  data: string;
  mimeType: string;
}

export interface ToolCall {
  type: 'toolCall';
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** Set when the model's argument text was not valid JSON: the raw text and the parse error. */
  invalidArguments?: { raw: string; error: string };
}

export interface Cost {
  input: number;
  output: number;
  cacheRead: number;
  /** pi-ai's field; cache writes are billed as plain input */
  cacheWrite?: number;
  total: number;
}

export interface Usage {
  /** prompt tokens, cached ones included */
  input: number;
  output: number;
  /** the part of `input` served from the provider's cache */
  cacheRead: number;
  /** the part of `input` written to the provider's cache (OpenRouter, Anthropic-style usage; absent: none reported) */
  cacheWrite?: number;
  /** the part of `output` spent on reasoning, where the server says */
  reasoning?: number;
  totalTokens: number;
  /** USD; null when the model's prices are unknown (never shown as $0) */
  cost: Cost | null;
}

export type StopReason = 'stop' | 'length' | 'toolUse' | 'error' | 'aborted';

/** What kind of failure an `error` stop was, so callers can react (compaction, key hints). */
export type ErrorKind = 'auth' | 'not_found' | 'rate_limit' | 'server' | 'network' | 'timeout' | 'context_overflow' | 'bad_request' | 'aborted' | 'unknown';

export interface UserMessage {
  role: 'user';
  content: string | (TextContent | ImageContent)[];
  timestamp: number;
}

export interface AssistantMessage {
  role: 'assistant';
  content: (TextContent | ThinkingContent | ToolCall)[];
  /** the wire API it came over (pi-ai's field; tack's adapters leave it out) */
  api?: string;
  provider: string;
  model: string;
  usage: Usage;
  stopReason: StopReason;
  errorMessage?: string;
  errorKind?: ErrorKind;
  timestamp: number;
}

export interface ToolResultMessage<TDetails = unknown> {
  role: 'toolResult';
  toolCallId: string;
  toolName: string;
  content: (TextContent | ImageContent)[];
  /** for the UI only; never sent to the model */
  details?: TDetails;
  isError: boolean;
  timestamp: number;
}

export type Message = UserMessage | AssistantMessage | ToolResultMessage;

/** A tool as the model sees it: name, description and a JSON schema (TypeBox schemas are JSON schemas). */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: unknown;
  /** false: send the schema as it is, never in strict mode */
  strict?: boolean;
}

export interface Context {
  systemPrompt?: string;
  messages: readonly Message[];
  tools?: ToolSpec[];
}

/** `minimal` and `xhigh` are sent as they are to servers that take them (pi-ai's levels). */
export type ThinkingLevel = 'off' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh';

/** Per-million-token prices in USD. */
export interface ModelPrices {
  input: number;
  output: number;
  cacheRead: number;
}

/**
 * Server quirks an adapter adapts to. All optional; absent means "standard OpenAI behaviour".
 * The OpenAI adapter also learns most of them at run time from a 400 that names the feature.
 */
export interface CompatFlags {
  supportsStreamOptions?: boolean;
  /** send the system prompt as `developer` to reasoning models (OpenAI's own servers) */
  supportsDeveloperRole?: boolean;
  maxTokensField?: 'max_completion_tokens' | 'max_tokens';
  /**
   * true: send `reasoning_effort` for any model; false: never; absent: only for models known to
   * reason (`Model.reasoning`)
   */
  supportsReasoningEffort?: boolean;
  supportsImages?: boolean;
  supportsParallelToolCalls?: boolean;
  supportsToolChoice?: boolean;
  /** `strict: true` on tools whose schema allows it */
  supportsStrictTools?: boolean;
  /** send the current turn's reasoning back the way it came (a field, or `<think>` tags) */
  replayReasoning?: boolean;
  /** Responses API: ask for reasoning summaries (OpenAI refuses them to organizations it has not verified) */
  supportsReasoningSummary?: boolean;
  /** false: no `prompt_cache_key` (only ever sent to api.openai.com; learned from a refusal, or set) */
  supportsPromptCacheKey?: boolean;
  /** false: no `cache_control` breakpoints (only ever sent to OpenRouter's Anthropic and Gemini models; learned from a refusal, or set) */
  supportsCacheControl?: boolean;
}

/**
 * The API answers are streamed over: Chat Completions, OpenAI's Responses API, or (`auto`)
 * Responses for models known to reason and Chat for the others.
 */
export type WireChoice = 'chat' | 'responses' | 'auto';

/** `TApi`: pi-ai's wire API name (its `Model<"openai-responses">`); tack's adapters choose the API themselves. */
export interface Model<TApi extends string = string> {
  id: string;
  name: string;
  api?: TApi;
  /** name of the provider that serves it */
  provider: string;
  baseUrl: string;
  contextWindow: number;
  maxTokens: number;
  /** null when unknown */
  prices: ModelPrices | null;
  /** takes a thinking level (`reasoning_effort`) */
  reasoning: boolean;
  compat?: CompatFlags;
  /** what the model reads (pi-ai's field); absent: see `compat.supportsImages` */
  input?: ('text' | 'image')[];
  /** pi-ai's prices per million tokens; tack reads `prices` */
  cost?: { input: number; output: number; cacheRead: number; cacheWrite: number };
}

export interface RetryOptions {
  /** total attempts, the first one included (default 4) */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export interface StreamOptions {
  signal?: AbortSignal;
  apiKey?: string;
  maxTokens?: number;
  temperature?: number;
  thinkingLevel?: ThinkingLevel;
  /** pi-ai's name for the thinking level; `thinkingLevel` wins when both are set */
  reasoning?: ThinkingLevel;
  /** the conversation's id, for servers that route requests to their prompt cache by it (OpenAI's `prompt_cache_key`) */
  sessionId?: string;
  /** llama-server's `id_slot`: the slot whose prompt cache this conversation keeps (sent only to a server that reported slots) */
  slot?: number;
  retry?: RetryOptions;
  /** a stream without model data for longer than this is aborted and retried (default 120 000) */
  idleTimeoutMs?: number;
  /** one answer, all its attempts together, taking longer than this fails (default 1 800 000) */
  answerTimeoutMs?: number;
}

interface WithPartial {
  partial: AssistantMessage;
}

export type AssistantMessageEvent =
  | ({ type: 'start' } & WithPartial)
  | ({ type: 'text_start'; contentIndex: number } & WithPartial)
  | ({ type: 'text_delta'; contentIndex: number; delta: string } & WithPartial)
  | ({ type: 'text_end'; contentIndex: number; content: string } & WithPartial)
  | ({ type: 'thinking_start'; contentIndex: number } & WithPartial)
  | ({ type: 'thinking_delta'; contentIndex: number; delta: string } & WithPartial)
  | ({ type: 'thinking_end'; contentIndex: number; content: string } & WithPartial)
  | ({ type: 'toolcall_start'; contentIndex: number } & WithPartial)
  | ({ type: 'toolcall_delta'; contentIndex: number; delta: string } & WithPartial)
  | ({ type: 'toolcall_end'; contentIndex: number; toolCall: ToolCall } & WithPartial)
  /** An attempt failed and another follows after `delayMs`; what was streamed so far is discarded. */
  | ({ type: 'retry'; attempt: number; maxAttempts: number; delayMs: number; reason: string } & WithPartial)
  | ({ type: 'done'; reason: 'stop' | 'length' | 'toolUse'; message: AssistantMessage } & WithPartial)
  | ({ type: 'error'; reason: 'error' | 'aborted'; error: AssistantMessage } & WithPartial);

/** One model answer as its reader sees it: the events by `for await`, then the final message (never rejects). */
export interface AssistantMessageStream extends AsyncIterable<AssistantMessageEvent> {
  result(): Promise<AssistantMessage>;
}

/**
 * Streams one model answer. Never throws once called: failures arrive as an `error` event. May
 * return the stream through a promise (pi's contract allows it).
 */
export type StreamFn = (model: Model, context: Context, options?: StreamOptions) => AssistantMessageStream | Promise<AssistantMessageStream>;

/** A source of models: the faux provider, an OpenAI-compatible server, ... */
export interface Provider {
  name: string;
  getModel(id?: string): Model;
  stream(model: Model, context: Context, options?: StreamOptions): AssistantMessageStream;
}
