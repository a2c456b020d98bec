// What a Session is made with and what it tells its listeners: the Agent's events and compaction's.
import type { AgentEvent, AgentOptions } from '../agent/types.js';
import type { ResolvedConfig } from '../config/resolve.js';
import type { McpHost } from '../extensions/mcp/host.js';
import type { SessionExtensions } from './setup/extensions.js';
import type { ApprovalGate, SafetyOptions } from './permissions/index.js';
import type { LoadedSession } from './file/store.js';
import type { CompactionSettings } from './compaction/token-budget.js';
import type { TodoItem } from './todo/list.js';
import type { Todos } from './todo/todos.js';
import type { JobEvent } from '../../tools/jobs/jobs.js';
import type { Jobs } from '../../tools/jobs/jobs.js';
import type { RunNotes } from './prompt/run-notes.js';
import type { AnyAgentTool } from '../agent/types.js';
import type { GoalEvent } from '../goal/goal.js';
import type { Model } from '../ai/types.js';
import type { ApprovalAnswer, ApprovalRequest } from './permissions/prompter.js';
import type { ApprovalMode } from './permissions/approval-modes.js';

export type CompactionReason = 'threshold' | 'overflow' | 'manual';

export type SessionEvent =
  | AgentEvent
  | { type: 'compaction_start'; reason: CompactionReason }
  | { type: 'compaction_end'; reason: CompactionReason; tokensBefore: number; messagesSummarized: number; summary: string }
  | { type: 'compaction_error'; reason: CompactionReason; message: string }
  | { type: 'todo'; items: readonly TodoItem[] }
  | JobEvent
  | GoalEvent
  | ProtocolEvent;

/** A question waiting for the user: the gate's (a call to approve) or a plan's approval. */
export interface SessionQuestion {
  id: number;
  request: ApprovalRequest;
}

/** Events of the protocol beside the agent's, compaction's, the todo list's, jobs' and the goal's (session-types.ts). */
export type ProtocolEvent =
  | { type: 'question'; id: number; request: ApprovalRequest }
  /** the question is gone: answered (`answer`), or void because its run was interrupted */
  | { type: 'question_end'; id: number; answer?: ApprovalAnswer }
  | { type: 'mode'; mode: ApprovalMode }
  | { type: 'model'; model: Model }
  /** `/new`: the conversation starts over under a new id */
  | { type: 'new_session'; id: string };

export type SessionListener = (event: SessionEvent) => void | Promise<void>;

export interface SessionOptions {
  config: ResolvedConfig;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  beforeToolCall?: AgentOptions['beforeToolCall'];
  /** the session file to write; undefined: a new file under $TACK_HOME/sessions; null: none */
  file?: string | null;
  /** an earlier session to continue (its file is `file`) */
  resume?: LoadedSession;
  compaction?: Partial<CompactionSettings>;
  /** approvals: whether someone answers questions, who, and where notices go */
  safety?: SafetyOptions;
  /** the approval gate createSession made */
  approvals?: ApprovalGate;
  /** the session's MCP servers (createSession makes the host when servers are configured) */
  mcp?: McpHost;
  /** one-time notes for the user (print mode: stderr; the app shows them) */
  note?: (message: string) => void;
  /** the session's id (createSession picks it first: SessionStart hooks are told it) */
  id?: string;
  /** background jobs: their starts and ends become events, an end the model was not told of a note to it */
  jobs?: Jobs;
  /** custom commands, skills and hooks of the user's setup (createSession loads them) */
  extensions?: SessionExtensions;
  /** the todo list, whose tool createSession gave the model */
  todos?: Todos;
  /** what tells the model the facts that change between runs (createSession makes it) */
  notes?: RunNotes;
  /** what else ends with the session (its language servers) */
  onClose?: () => void;
  /** the bash a goal's check runs in (createSession's sandboxed one) */
  checkTool?: AnyAgentTool;
  /** `--until` and `--until-tries`: a goal from the start, and the tries a goal gets unless it says */
  goal?: { command?: string; tries?: number };
}
