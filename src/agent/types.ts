// The agent core's contracts: pi-agent-core 0.73's, plus tack's additions (each marked "tack:").
import type { Static, TSchema } from 'typebox';
import type {
  AssistantMessage,
  AssistantMessageEvent,
  ImageContent,
  Message,
  Model,
  StreamFn,
  StreamOptions,
  TextContent,
  ThinkingLevel,
  ToolCall,
  ToolResultMessage,
  UserMessage,
} from '../ai/types.js';

export type { StreamFn, UserMessage };

/** How the calls of one assistant message run: one after another, or together (the default). */
export type ToolExecutionMode = 'sequential' | 'parallel';

export type AgentToolCall = ToolCall;

/**
 * Apps add message kinds of their own by declaration merging (`declare module 'tack/agent' { interface
 * CustomAgentMessages { note: NoteMessage } }`); they stay in the transcript and `convertToLlm`
 * decides what the model sees.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the app's declaration merging
export interface CustomAgentMessages {}

export type AgentMessage = Message | CustomAgentMessages[keyof CustomAgentMessages];

export interface AgentToolResult<TDetails = unknown> {
  content: (TextContent | ImageContent)[];
  details?: TDetails;
  /** tack: the tool ran but failed (non-zero exit, refused edit), without throwing */
  isError?: boolean;
  /** end the run after this batch, when every result of the batch says so */
  terminate?: boolean;
}

export type AgentToolUpdateCallback<TDetails = unknown> = (partialResult: AgentToolResult<TDetails>) => void;

// `out` is what the compiler infers; declared, so that a user's type check does not measure it through
// typebox's `Static` (seconds for each project that hands a typed tool to an Agent)
export interface AgentTool<out TParams extends TSchema = TSchema, out TDetails = unknown> {
  name: string;
  /** short human name for UIs */
  label: string;
  description: string;
  parameters: TParams;
  /** reshapes raw arguments before they are checked against `parameters` (an old argument form) */
  prepareArguments?: (args: unknown) => Static<TParams>;
  /** 'sequential': a batch holding this tool runs one call at a time */
  executionMode?: ToolExecutionMode;
  /**
   * tack: true when the tool only looks (read, grep, find, ls); a function judges each call (bash: a
   * command line that only looks). A tool that says `readOnly` or `lockKey` is scheduled by tack's
   * rule even under 'parallel': calls that look overlap, calls that change wait for each other unless
   * their `lockKey`s differ. A tool that says neither overlaps freely, as in pi.
   */
  readOnly?: boolean | ((params: Static<TParams>) => boolean);
  /** tack: the resource a changing call works on (a resolved file path): calls with one key never overlap */
  lockKey?: (params: Static<TParams>) => string | undefined;
  /**
   * tack: what the tool's provider says about it (an MCP server's `readOnlyHint`), unchecked: the
   * approval policy believes it only when the user allowed that. Not used for scheduling.
   */
  readOnlyHint?: boolean;
  /** tack: false: never send this tool's schema in strict mode (a schema tack did not write) */
  strict?: boolean;
  /** Throw on failure (or, tack, return `isError: true`). */
  execute(toolCallId: string, params: Static<TParams>, signal?: AbortSignal, onUpdate?: AgentToolUpdateCallback<TDetails>): Promise<AgentToolResult<TDetails>>;
}

export type AnyAgentTool = AgentTool<any, any>;

/** What one loop works over; the loop copies `messages` and never changes the caller's array. */
export interface AgentContext {
  systemPrompt: string;
  messages: AgentMessage[];
  tools?: AnyAgentTool[];
}

export interface BeforeToolCallContext {
  assistantMessage: AssistantMessage;
  toolCall: AgentToolCall;
  /** the checked arguments: the object the tool is given, so a hook may rewrite it in place */
  args: unknown;
  context: AgentContext;
  /** tack: the tool the call is for */
  tool: AnyAgentTool;
}

export interface BeforeToolCallResult {
  /** the call does not run; `reason` is its error result for the model */
  block?: boolean;
  reason?: string;
  /** tack: also end the run after this batch, for this sentence (a model stuck in a loop, nobody to ask) */
  stopRun?: string;
}

/** tack: a `beforeToolCall` answer that stops the call */
export interface ToolCallBlock extends BeforeToolCallResult {
  block: true;
  reason: string;
}

export interface AfterToolCallContext {
  assistantMessage: AssistantMessage;
  toolCall: AgentToolCall;
  args: unknown;
  result: AgentToolResult;
  isError: boolean;
  context: AgentContext;
}

/** Fields given replace the result's; the others stay. */
export interface AfterToolCallResult {
  content?: (TextContent | ImageContent)[];
  details?: unknown;
  isError?: boolean;
  terminate?: boolean;
}

export interface ShouldStopAfterTurnContext {
  message: AssistantMessage;
  toolResults: ToolResultMessage[];
  context: AgentContext;
  newMessages: AgentMessage[];
}

/**
 * tack: the owner's step at a model call: before each one (`turn`), and once when the server answered
 * that the request is larger than the model's context window (`overflow`). It may put a shorter
 * transcript in `context.messages` (a compaction) and returns true when it did; after an overflow,
 * true means the call is made once more. Runs between turns: no message streams, no tool runs.
 */
export type PrepareContext = (step: { reason: 'turn' | 'overflow'; signal: AbortSignal; context: AgentContext }) => Promise<boolean>;

/** Why a run ended (tack: on `agent_end`). */
export type AgentEndReason = 'done' | 'aborted' | 'error' | 'maxTurns';

export interface AgentLoopConfig extends StreamOptions {
  model: Model;
  /** what the model is sent of the transcript; must not throw (custom messages are dropped here) */
  convertToLlm: (messages: AgentMessage[]) => Message[] | Promise<Message[]>;
  /** rewrites the transcript for one model call (pruning, injected context), before `convertToLlm` */
  transformContext?: (messages: AgentMessage[], signal?: AbortSignal) => Promise<AgentMessage[]>;
  /** the key for each model call (short-lived tokens); falls back to `apiKey` */
  getApiKey?: (provider: string) => Promise<string | undefined> | string | undefined;
  /** after each turn_end: true ends the run before the queues are read */
  shouldStopAfterTurn?: (context: ShouldStopAfterTurnContext) => boolean | Promise<boolean>;
  /** messages typed while the agent works, delivered after the running tool batch */
  getSteeringMessages?: () => Promise<AgentMessage[]>;
  /** messages delivered when the agent would otherwise stop */
  getFollowUpMessages?: () => Promise<AgentMessage[]>;
  /** default 'parallel' */
  toolExecution?: ToolExecutionMode;
  beforeToolCall?: (context: BeforeToolCallContext, signal?: AbortSignal) => Promise<BeforeToolCallResult | undefined>;
  afterToolCall?: (context: AfterToolCallContext, signal?: AbortSignal) => Promise<AfterToolCallResult | undefined>;
  /** tack: stop after this many model calls in one run (`agent_end` reason 'maxTurns') */
  maxTurns?: number;
  /** tack: stop after this many model requests (retries included) in one run; default 500 */
  maxRequests?: number;
  /** tack: the first wait after a turn whose tool calls all failed before running (it doubles); default 250 ms */
  failureBackoffMs?: number;
  /** tack: a guard ended the run (reason 'error'): the sentence that says why */
  onStop?: (sentence: string) => void;
  /** tack: compaction between turns and after an overflow */
  prepareContext?: PrepareContext;
}

export type AgentEvent =
  | { type: 'agent_start' }
  /** `messages`: the run's new messages; tack: `reason` says why it ended */
  | { type: 'agent_end'; messages: AgentMessage[]; reason: AgentEndReason }
  | { type: 'turn_start' }
  | { type: 'turn_end'; message: AssistantMessage; toolResults: ToolResultMessage[] }
  | { type: 'message_start'; message: AgentMessage }
  | { type: 'message_update'; message: AssistantMessage; assistantMessageEvent: AssistantMessageEvent }
  | { type: 'message_end'; message: AgentMessage }
  | { type: 'tool_execution_start'; toolCallId: string; toolName: string; args: any }
  | { type: 'tool_execution_update'; toolCallId: string; toolName: string; args: any; partialResult: AgentToolResult }
  | { type: 'tool_execution_end'; toolCallId: string; toolName: string; args: any; result: AgentToolResult; isError: boolean }
  /** tack: the model call failed and is retried after `delayMs`: `attempt` (2 for the first retry) of `maxAttempts` */
  | { type: 'retry'; attempt: number; maxAttempts: number; delayMs: number; reason: string }
  /** tack: the steering / follow-up queues changed (a message was queued, taken by the loop, or returned) */
  | { type: 'queue_update'; steering: string[]; followUp: string[] };

/** The Agent's state. `tools` and `messages` copy the array they are given. */
export interface AgentState {
  systemPrompt: string;
  model: Model;
  thinkingLevel: ThinkingLevel;
  set tools(tools: AnyAgentTool[]);
  get tools(): AnyAgentTool[];
  set messages(messages: AgentMessage[]);
  get messages(): AgentMessage[];
  /** true from the start of a run until its `agent_end` listeners are done */
  readonly isStreaming: boolean;
  /** the assistant message being streamed */
  readonly streamingMessage?: AssistantMessage;
  /** ids of tool calls that are running */
  readonly pendingToolCalls: ReadonlySet<string>;
  /** the last run's error sentence, if it ended in one */
  readonly errorMessage?: string;
}

export type QueueMode = 'all' | 'one-at-a-time';

export interface AgentOptions {
  initialState?: Partial<{ systemPrompt: string; model: Model; thinkingLevel: ThinkingLevel; tools: AnyAgentTool[]; messages: AgentMessage[] }>;
  convertToLlm?: AgentLoopConfig['convertToLlm'];
  transformContext?: AgentLoopConfig['transformContext'];
  /** default: `streamSimple`, which streams from the provider named by the model */
  streamFn?: StreamFn;
  getApiKey?: AgentLoopConfig['getApiKey'];
  beforeToolCall?: AgentLoopConfig['beforeToolCall'];
  afterToolCall?: AgentLoopConfig['afterToolCall'];
  shouldStopAfterTurn?: AgentLoopConfig['shouldStopAfterTurn'];
  /** default 'one-at-a-time' */
  steeringMode?: QueueMode;
  /** default 'one-at-a-time' */
  followUpMode?: QueueMode;
  sessionId?: string;
  toolExecution?: ToolExecutionMode;
  /** tack: extra options for every model call (API key, retry, idle timeout) */
  streamOptions?: Omit<StreamOptions, 'signal' | 'thinkingLevel' | 'reasoning'>;
  maxTurns?: number;
  maxRequests?: number;
  failureBackoffMs?: number;
  /**
   * tack: the owner's step between turns (compaction); it may replace the transcript with
   * `Agent.replaceMessages` and returns true when it did.
   */
  prepareContext?: (step: { reason: 'turn' | 'overflow'; signal: AbortSignal }) => Promise<boolean>;
}

export type AgentListener = (event: AgentEvent, signal: AbortSignal) => void | Promise<void>;
