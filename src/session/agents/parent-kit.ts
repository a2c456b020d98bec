// What a child is made from: its parent's pieces, shared, never copied and widened. The same
// stream (provider, key, server), the same tools (bash with the parent's sandbox), the same checks
// before a call (hooks, approval gate with its mode, rules and grants, the caller's own).
import type { AgentOptions, AnyAgentTool } from '../../agent/types.js';
import type { StreamFn } from '../../ai/types.js';
import type { ResolvedConfig } from '../../config/resolve.js';
import type { AgentDefinition } from '../../extensions/agents/catalog.js';
import type { ApprovalGate } from '../permissions/gate.js';
import type { SessionHooks } from '../setup/hooks.js';
import type { ParentStream } from './parent-stream.js';
import type { Caller } from './caller.js';
import type { ParentView } from './parent-view.js';
import type { ServerPlan } from './server-plan.js';
import type { Limiter } from './slots.js';

export interface ParentKit {
  config: ResolvedConfig;
  streamFn: StreamFn;
  /** what the child may see of the session the task tool belongs to */
  parent: ParentView;
  /** the task tool of a child that may start children of its own (the kit it is given: the child's) */
  taskTool: (kit: ParentKit) => AnyAgentTool;
  /** the built-in tools the parent has, before hooks wrap them */
  builtinTools: readonly AnyAgentTool[];
  hooks: SessionHooks | undefined;
  /** the parent's checks before a call, the child's agent and task on its questions, its agent in hook payloads; `gate`: another workspace's (isolation: worktree) */
  guard: (caller: Caller, gate?: ApprovalGate) => NonNullable<AgentOptions['beforeToolCall']>;
  /** every agent the model may name: the built-in ones and the user's */
  agents: readonly AgentDefinition[];
  /** levels of children a child may still start (0: children get no task tool) */
  depth: number;
  /** how many children run at once, and on which of the server's slots */
  limiter: Limiter;
  /** where children run on a server with slots (server-plan.ts) */
  plan: ServerPlan;
  /** the parent's calls: the prompt a forked child starts from */
  parentStream: ParentStream;
  /** a child in its own worktree: the parent's MCP tools would reach the parent's world, not its copy */
  withoutMcp?: boolean;
}
