// What a child agent sees of its parent session: a narrow view, read at the moment it is asked (the
// parent's id, file, model and tools change: /new, /model, an MCP server connecting). A child never
// holds the parent's Session, so it cannot reach its run, its file or its totals.
import type { AgentMessage, AnyAgentTool } from '../../agent/types.js';
import type { Model } from '../../ai/types.js';
import type { Jobs } from '../../../tools/jobs/jobs.js';
import type { ApprovalGate } from '../permissions/gate.js';

export interface ParentView {
  /** the parent's session id: a child's prompt-cache key starts with it */
  id(): string;
  /** the parent's session file: a child's transcript is kept beside it */
  file(): string | null;
  /** the parent's model: a child uses it unless its agent names another */
  model(): Model;
  /** the tools the parent's model is offered now: a child takes its MCP tools from them, a fork the whole list */
  tools(): readonly AnyAgentTool[];
  /** the parent's conversation: a fork's shared prefix is its latest answer's prompt */
  messages(): readonly AgentMessage[];
  /** how full the parent's context is, in tokens: children are sized beside it on a server with slots */
  context(): number;
  /** the parent's approval mode and its user, for a child in a worktree (undefined: nobody's gate) */
  gate(): Pick<ApprovalGate, 'mode' | 'put'> | undefined;
  /** the parent's background jobs: a worktree child's are listed and counted there */
  jobs(): Jobs | undefined;
}

/** What the view reads of a session (the Session has it all). */
export interface Viewed {
  readonly id: string;
  readonly file: string | null;
  readonly model: Model;
  readonly tools: readonly AnyAgentTool[];
  readonly state: { readonly messages: readonly AgentMessage[] };
  readonly usage: { readonly context: number };
  readonly approvals: ApprovalGate | undefined;
  readonly jobs: Jobs | undefined;
}

/** The view of a session made after the kit that holds the view (`get` is called only once it exists). */
export function parentView(get: () => Viewed): ParentView {
  return {
    id: () => get().id,
    file: () => get().file,
    model: () => get().model,
    tools: () => get().tools,
    messages: () => get().state.messages,
    context: () => get().usage.context,
    gate: () => get().approvals,
    jobs: () => get().jobs,
  };
}
