// Plan mode's contract with the gate: a call that may change something is refused with a sentence
// the model can act on; what only looks is judged as in the ask mode; bash runs in the sandbox with
// the workspace mounted read-only, or, where there is no sandbox, only from the read-only list. Pure.
import { EXIT_PLAN_TOOL } from '../../plan/exit-plan-tool.js';
import { TODO_TOOL } from '../todo/list.js';
import type { PolicyMode } from './approval-modes.js';
import { lineIsReadOnly } from './read-only.js';

const PLAN_FIRST = 'present the plan with exit_plan_mode first';
const NOT_PLANNING = 'refused: not in plan mode, so there is no plan to present; go ahead with the work in the current approval mode';
/** What a child agent is told instead: it has no exit_plan_mode, the plan is its parent's. */
const CHILD_PLAN = 'report what you found and what you would change; the agent that asked you presents the plan';

/** Tools that change no file: the plan itself, tack's list, a child (it inherits plan mode), a job's output or its stop. */
const CHANGES_NOTHING = new Set([EXIT_PLAN_TOOL, TODO_TOOL, 'task', 'job_output', 'job_stop']);
const LOOKING = new Set(['read', 'grep', 'find', 'ls', 'fetch', 'search']);

/** How bash runs in plan mode: in the sandbox with a read-only workspace, or (with the reason there is none) from the read-only list only. */
export type PlanBash = { sandboxed: true } | { sandboxed: false; why: string };

export type PlanVerdict = { kind: 'allow' } | { kind: 'deny'; message: string } | { kind: 'judge'; as: PolicyMode };

/** `child`: a child agent's call, which has no exit_plan_mode (the plan is its parent's to present). */
export function planVerdict(tool: string, args: Record<string, unknown>, o: { bash: PlanBash; readOnlyHint?: boolean; child?: boolean }): PlanVerdict {
  const deny = (why: string): PlanVerdict => ({ kind: 'deny', message: `plan mode: ${why}; ${o.child ? CHILD_PLAN : PLAN_FIRST}, and the user decides` });
  if (LOOKING.has(tool)) return { kind: 'judge', as: 'ask' };
  if (CHANGES_NOTHING.has(tool)) return { kind: 'allow' };
  if (tool === 'bash') {
    // the read-only mount is the boundary: rules and secrets judged as in print mode, where nothing is asked for routine commands
    if (o.bash.sandboxed) return { kind: 'judge', as: 'auto' };
    if (lineIsReadOnly(typeof args.command === 'string' ? args.command : '')) return { kind: 'judge', as: 'ask' };
    return deny(`commands run only from the read-only list (cat, grep, git log, …) because ${o.bash.why}, and this one may change files`);
  }
  if (tool.startsWith('mcp__')) {
    if (o.readOnlyHint) return { kind: 'judge', as: 'ask' };
    return deny(`the MCP tool ${tool} is not marked read-only by its server, so it may change something`);
  }
  if (tool === 'write' || tool === 'edit') return deny(`${tool} changes files, which waits until the user approves a plan`);
  return deny(`the ${tool} tool may change something`);
}

/**
 * exit_plan_mode is offered in every mode, so the tool list never changes with the mode (a local
 * server's prompt cache is kept); outside plan mode its call is refused.
 */
export function notPlanning(tool: string, mode: PolicyMode): { kind: 'deny'; message: string } | undefined {
  return tool === EXIT_PLAN_TOOL && mode !== 'plan' ? { kind: 'deny', message: NOT_PLANNING } : undefined;
}

/** What plan mode means, for the model: told in the note that says it is on. */
export function planRules(bash: PlanBash | undefined): string {
  const commands =
    bash?.sandboxed === true
      ? 'bash runs with the workspace mounted read-only (reading, searching, git log, tests that write nothing and builds into /tmp work)'
      : `bash runs only commands from the read-only list (cat, grep, git log, …) because ${bash?.why ?? 'there is no sandbox'}`;
  return (
    `the workspace is read-only: write, edit and tools that may change something are refused, and ${commands}. ` +
    'Explore what you need, then present a concise plan with exit_plan_mode and wait for the user.'
  );
}

/** What plan mode means here, for the user: how commands run, and why only from the list when there is no sandbox. */
export function planModeNote(bash: PlanBash | undefined): string {
  const commands =
    bash?.sandboxed === true
      ? 'commands run with the workspace read-only'
      : `commands run only from the read-only list (cat, grep, git log, …) because ${bash?.why ?? 'there is no sandbox'}`;
  return `plan mode: nothing changes until you approve a plan; ${commands}`;
}
