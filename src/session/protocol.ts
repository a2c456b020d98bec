// The Session's one protocol, the same for every mode: operations in (`submit`), events out
// (`subscribe`), and a read-only view. The modes are translators between their wire (a terminal,
// stdin's JSON lines, ACP) and this.
import type { QueuedMessage } from '../agent/agent.js';
import type { AgentState, AgentToolResult, AnyAgentTool } from '../agent/types.js';
import type { Model, ThinkingLevel, UserMessage } from '../ai/types.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { Checkpoints } from '../checkpoints/checkpoints.js';
import type { TreeChange } from '../checkpoints/tree-diff.js';
import type { McpHost } from '../extensions/mcp/host.js';
import type { GoalStatus } from '../goal/goal.js';
import type { Jobs } from '../../tools/jobs/jobs.js';
import type { KeptJob } from '../../tools/jobs/keep.js';
import type { RewindOutcome, RewindWhat } from './checkpointing.js';
import type { ContextUsage } from './context/context-usage.js';
import type { Submission, Submitted } from './input/submission.js';
import type { ApprovalGate, ApprovalMode } from './permissions/index.js';
import type { ApprovalAnswer } from './permissions/prompter.js';
import type { SessionQuestion } from './session-types.js';
import type { SessionExtensions } from './setup/extensions.js';
import type { HookSpec } from '../extensions/hooks/sources.js';
import type { TodoItem } from './todo/list.js';
import type { UsageTotals } from './usage.js';

export type SessionOp =
  /** The front door for a user's text, from every mode: custom commands, UserPromptSubmit hooks and `@files` apply; idle it starts a run, working it steers (or waits for the run's end, `follow_up`). */
  | { type: 'user_message'; input: string | Submission | UserMessage; queue?: 'steer' | 'follow_up'; signal?: AbortSignal }
  /** Text that joins the conversation without asking the model (what a `!command` printed): idle, for the next prompt; working, a steer. */
  | { type: 'note'; text: string }
  /** The user's own command (`!ls`), judged by the deny rules and run sandboxed like bash. */
  | { type: 'shell'; command: string; signal: AbortSignal }
  /** Stops the run; the result is what was queued, taken back so nothing typed is lost. */
  | { type: 'abort' }
  /** Takes the queued messages back without stopping the run. */
  | { type: 'take_queue' }
  /** The answer to the question a `question` event put (by its id). */
  | { type: 'answer'; id: number; answer: ApprovalAnswer }
  | { type: 'set_model'; model: Model }
  | { type: 'set_thinking'; level: ThinkingLevel }
  /** The approval mode; `next` is Shift+Tab's cycle. */
  | { type: 'set_mode'; mode: ApprovalMode | 'next' }
  | { type: 'compact'; focus?: string; signal?: AbortSignal }
  /** Back to checkpoint `n`: the files, the conversation, or both; only while idle. */
  | { type: 'rewind'; n: number; what: RewindWhat; overwrite?: boolean }
  /** A fresh conversation in a new session file (`/new`). */
  | { type: 'new' }
  | { type: 'set_goal'; command: string; tries?: number }
  | { type: 'clear_goal' }
  /** The goal's check now: idle, a failure starts a run with its output; working, the run's end checks it. */
  | { type: 'check_goal' }
  /** The workspace's changes since the first checkpoint numbered above `before`, as the checkpoints saw them (checkpoints/run-changes.ts). */
  | { type: 'changes_since'; before: number }
  /** What the next request carries, counted (`/context`). */
  | { type: 'context' }
  /** Whether the session is idle now, or within `ms` when its run is only finishing (a command that needs a quiet moment: /compact, /rewind, /init). */
  | { type: 'quiet'; ms: number }
  /** Settles when the run and the runs it chains for queued messages are over. */
  | { type: 'wait_idle' }
  /** The MCP servers start now, if deferred; `warm`: and the workspace's first snapshot (modes that stay). */
  | { type: 'start_extensions'; warm?: boolean }
  | { type: 'mcp_reconnect'; server: string }
  /** An MCP server's prompt, expanded into the text to send. */
  | { type: 'mcp_prompt'; command: string; args: string }
  /** The Notification hooks: tack waits for the user. */
  | { type: 'notify_idle' }
  /** At exit: stop the background jobs (the result names them), or keep them running after tack. */
  | { type: 'stop_jobs' }
  /** `/jobs stop N`: settles once the job has ended */
  | { type: 'stop_job'; id: number }
  | { type: 'keep_jobs' };

/** What each operation resolves with. */
export interface OpResults {
  user_message: Submitted;
  note: undefined;
  shell: AgentToolResult;
  abort: QueuedMessage[];
  take_queue: QueuedMessage[];
  /** false: no such question waits (answered, or its run was interrupted) */
  answer: boolean;
  set_model: undefined;
  set_thinking: undefined;
  /** the mode now; undefined for a session without an approval gate */
  set_mode: ApprovalMode | undefined;
  compact: undefined;
  rewind: RewindOutcome;
  new: undefined;
  set_goal: GoalStatus;
  /** false: no goal was set */
  clear_goal: boolean;
  check_goal: undefined;
  changes_since: TreeChange[] | undefined;
  context: ContextUsage;
  quiet: boolean;
  wait_idle: undefined;
  start_extensions: undefined;
  /** false: no such server */
  mcp_reconnect: boolean;
  mcp_prompt: string;
  notify_idle: undefined;
  /** the jobs that were running */
  stop_jobs: { id: number; command: string }[];
  /** the kept jobs, or why none could be kept */
  keep_jobs: KeptJob[] | string;
  /** false: no such job was running */
  stop_job: boolean;
}

export type OpResult<T extends SessionOp> = OpResults[T['type']];

type Reads<T, K extends keyof T> = Readonly<Pick<T, K>>;

/** What the modes may read of the session; live, the same object every call. */
export interface SessionView {
  readonly id: string;
  /** the session file; null when none is written */
  readonly file: string | null;
  readonly config: ResolvedConfig;
  readonly model: Model;
  /** what the model is offered: built-in tools, then MCP servers' */
  readonly tools: readonly AnyAgentTool[];
  /** the conversation and the run as they are now */
  readonly state: Readonly<AgentState>;
  /** a run is going, from a prompt until no queued message waits */
  readonly running: boolean;
  readonly compacting: boolean;
  /** what the run waits for before its first model call (the app's activity line) */
  readonly waitingFor: string | undefined;
  /** of a resumed session: messages before its latest compaction, no longer in memory */
  readonly compactedCount: number;
  readonly usage: Readonly<UsageTotals>;
  /** the totals with the answer being streamed counted by estimate */
  readonly usageNow: Readonly<UsageTotals>;
  queued(): QueuedMessage[];
  /** the question waiting for an answer, if one does */
  readonly question: SessionQuestion | undefined;
  readonly approvals: Reads<ApprovalGate, 'mode' | 'planBash'> | undefined;
  readonly todos: readonly TodoItem[];
  readonly jobs: Reads<Jobs, 'running' | 'list' | 'get'> | undefined;
  readonly goal: GoalStatus | undefined;
  readonly checkpoints: Reads<Checkpoints, 'list' | 'plan' | 'sinceEach'> | undefined;
  readonly mcp: Reads<McpHost, 'servers' | 'promptCommands' | 'resourceMentions' | 'specs' | 'ready' | 'onChange'> | undefined;
  readonly extensions: Reads<SessionExtensions, 'commands' | 'skills' | 'agents'> & { readonly hookSpecs: readonly HookSpec[] };
}
