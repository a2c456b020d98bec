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

export interface AgentToolResult<TDetails = unknown> {
  content: (TextContent | ImageContent)[];
  details?: TDetails;
  /** the tool ran but failed (non-zero exit, refused edit): shown to the model as an error */
  isError?: boolean;
}

export type AgentToolUpdateCallback<TDetails = unknown> = (partialResult: AgentToolResult<TDetails>) => void;

export interface AgentTool<TParams extends TSchema = TSchema, TDetails = unknown> {
  name: string;
  /** short human name for UIs */
  label: string;
  description: string;
  parameters: TParams;
  /**
   * True when the tool only looks (read, grep, find, ls): such calls of one message run concurrently.
   * Other calls run one after another, except that calls with different `lockKey`s may overlap. A
   * function judges each call (bash: a command line that only looks).
   */
  readOnly?: boolean | ((params: Static<TParams>) => boolean);
  /**
   * What the tool's provider says about it (an MCP server's `readOnlyHint`), unchecked: the approval
   * policy believes it only when the user allowed that. Not used for scheduling.
   */
  readOnlyHint?: boolean;
  /** false: never send this tool's schema in strict mode (a schema tack did not write) */
  strict?: boolean;
  /** The resource a changing call works on (a resolved file path): calls with one key never overlap. */
  lockKey?: (params: Static<TParams>) => string | undefined;
  execute(toolCallId: string, params: Static<TParams>, signal?: AbortSignal, onUpdate?: AgentToolUpdateCallback<TDetails>): Promise<AgentToolResult<TDetails>>;
}

export type AnyAgentTool = AgentTool<any, any>;

/** The Agent's state as others see it: read-only; it changes through the Agent's methods and events. */
export interface AgentState {
  readonly systemPrompt: string;
  readonly model: Model;
  readonly tools: readonly AnyAgentTool[];
  readonly thinkingLevel: ThinkingLevel;
  readonly messages: readonly Message[];
  /** the assistant message being streamed, if any */
  readonly streamingMessage: AssistantMessage | null;
  /** ids of tool calls that are running */
  readonly pendingToolCalls: ReadonlySet<string>;
  readonly isRunning: boolean;
  /** the last run's error sentence, if it ended in one */
  readonly error: string | null;
}

/** Why a run ended. */
export type AgentEndReason = 'done' | 'aborted' | 'error' | 'maxTurns';

export type AgentEvent =
  | { type: 'agent_start' }
  | { type: 'agent_end'; reason: AgentEndReason; messages: Message[] }
  | { type: 'turn_start' }
  | { type: 'turn_end'; message: AssistantMessage; toolResults: ToolResultMessage[] }
  | { type: 'message_start'; message: Message }
  | { type: 'message_update'; message: AssistantMessage; assistantMessageEvent: AssistantMessageEvent }
  | { type: 'message_end'; message: Message }
  | { type: 'tool_execution_start'; toolCallId: string; toolName: string; args: unknown }
  | { type: 'tool_execution_update'; toolCallId: string; toolName: string; args: unknown; partialResult: AgentToolResult }
  | { type: 'tool_execution_end'; toolCallId: string; toolName: string; args: unknown; result: AgentToolResult; isError: boolean }
  /** the model call failed and will be retried after `delayMs`: `attempt` (2 for the first retry) of `maxAttempts` */
  | { type: 'retry'; attempt: number; maxAttempts: number; delayMs: number; reason: string }
  /** the steering / follow-up queues changed (a message was queued, taken by the loop, or returned) */
  | { type: 'queue_update'; steering: string[]; followUp: string[] };

export type AgentListener = (event: AgentEvent) => void | Promise<void>;

/** Returned by `beforeToolCall` to stop a call; the reason goes to the model as an error result. */
export interface ToolCallBlock {
  block: true;
  reason: string;
  /** also end the run after this tool batch, for this sentence (a model stuck in a loop, nobody to ask) */
  stopRun?: string;
}

export type BeforeToolCall = (
  call: ToolCall,
  tool: AnyAgentTool,
  signal: AbortSignal,
  // biome-ignore lint/suspicious/noConfusingVoidType: a hook that lets the call through may return nothing at all
) => Promise<ToolCallBlock | undefined | void> | ToolCallBlock | undefined | void;

/** May rewrite what one model call is sent (not the transcript); must not mutate its input. */
export type TransformContext = (messages: readonly Message[], signal: AbortSignal) => Promise<readonly Message[]> | readonly Message[];

/**
 * The owner's step at a model call: before each one (`turn`), and once when the server answered that
 * the request is larger than the model's context window (`overflow`). It may replace the transcript
 * (compaction), through `Agent.replaceMessages`, and returns true when it did; after an overflow, true
 * means the call is made once more with the new transcript. Runs between turns: no message streams,
 * no tool runs.
 */
export type PrepareContext = (step: { reason: 'turn' | 'overflow'; signal: AbortSignal }) => Promise<boolean>;

export interface AgentOptions {
  initialState: {
    systemPrompt: string;
    model: Model;
    tools?: AnyAgentTool[];
    messages?: Message[];
    thinkingLevel?: ThinkingLevel;
  };
  streamFn: StreamFn;
  /** extra options for every model call (API key, retry, idle timeout) */
  streamOptions?: Omit<StreamOptions, 'signal' | 'thinkingLevel'>;
  /** stop after this many model calls in one run */
  maxTurns?: number;
  /** stop after this many model requests (retries included) in one run; default 500 */
  maxRequests?: number;
  /** the first wait after a turn whose tool calls all failed before running (it doubles); default 250 ms */
  failureBackoffMs?: number;
  beforeToolCall?: BeforeToolCall;
  transformContext?: TransformContext;
  prepareContext?: PrepareContext;
}

export type { UserMessage };
