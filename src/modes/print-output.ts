// What print mode writes: the stream-json lines and the final result object. Pure functions.
import type { AgentEndReason } from '../agent/types.js';
import { spentInResult } from '../session/child-spend.js';
import type { SessionEvent } from '../session/session.js';
import { textOf } from '../ai/content.js';
import type { AssistantMessage, Message } from '../ai/types.js';
import { EXIT_PLAN_TOOL, type PlanDetails } from '../plan/exit-plan-tool.js';
import type { ContractFields } from './contract/run-record.js';
import { goalResult, type GoalStatus } from '../goal/goal.js';

export type OutputFormat = 'text' | 'json' | 'stream-json';
export const OUTPUT_FORMATS: OutputFormat[] = ['text', 'json', 'stream-json'];
/** The stream-json schema's version, in the `session` line: raised when a line changes incompatibly (docs/stream-json.md). */
export const STREAM_JSON_VERSION = 1;

export interface ResultObject extends ContractFields {
  type: 'result';
  schema_version: number;
  is_error: boolean;
  result: string;
  session_id: string;
  num_turns: number;
  duration_ms: number;
  stop_reason: string;
  usage: { input_tokens: number; output_tokens: number; cached_input_tokens: number };
  total_cost_usd: number | null;
  /** with `--json-schema`: the final answer, parsed and validated; absent when it did not validate */
  structured_output?: unknown;
  /** with a goal (`--until`): its command, whether the last check passed, the checks run, the last exit status */
  goal?: Record<string, unknown>;
}

/** How a run ended for reasons of print mode's own (besides the agent's end reason). */
export interface RunOutcome {
  /** `--max-budget-usd` stopped it */
  budgetReached?: boolean;
  /** `--json-schema`: the validated answer, or why the last one did not match */
  structured?: { ok: true; value: unknown } | { ok: false; problems: string[] };
}

export function answerText(message: AssistantMessage | undefined): string {
  if (!message) return '';
  return textOf(message.content).trim();
}

/** The run's answer: the plan, when the run ended by presenting one nobody could answer (plan mode, print mode); else the last answer's text. */
export function runAnswer(messages: readonly Message[]): string {
  const end = messages.at(-1);
  const plan = end?.role === 'toolResult' && end.toolName === EXIT_PLAN_TOOL ? (end.details as PlanDetails | undefined) : undefined;
  if (plan?.outcome === 'unanswered' && plan.plan) return plan.plan.trim();
  return answerText(messages.filter((m): m is AssistantMessage => m.role === 'assistant').at(-1));
}

/** A stream-json line for an agent event, or undefined for events scripts do not need. */
export function streamJsonLine(event: SessionEvent): Record<string, unknown> | undefined {
  switch (event.type) {
    case 'message_update': {
      const e = event.assistantMessageEvent;
      if (e.type === 'start') return undefined;
      const delta: Record<string, unknown> = { type: e.type };
      if ('contentIndex' in e) delta.contentIndex = e.contentIndex;
      if ('delta' in e) delta.delta = e.delta;
      if (e.type === 'toolcall_end') delta.toolCall = e.toolCall;
      return { type: 'message_update', delta };
    }
    case 'message_start':
      return event.message.role === 'assistant' ? { type: 'message_start', role: 'assistant' } : { type: 'message_start', message: event.message };
    case 'agent_end':
      return { type: 'agent_end', reason: event.reason };
    case 'turn_end':
      return { type: 'turn_end', stopReason: event.message.stopReason };
    case 'queue_update':
      return { type: 'queue_update', steering: event.steering, follow_up: event.followUp };
    case 'job_exited':
      return { type: 'job_exited', job: event.job, last_lines: event.lastLines, ...(event.ending.spawnError ? { error: event.ending.spawnError } : {}) };
    case 'goal':
      return { type: 'goal', goal: event.goal ?? null };
    case 'tool_execution_update': {
      // a child agent's own event, tagged with the task call that runs it (as Claude Code's stream does)
      const child = event.partialResult?.details as { agent?: unknown; event?: SessionEvent } | undefined;
      if (event.toolName !== 'task' || typeof child?.agent !== 'string' || !child.event) return event;
      const line = streamJsonLine(child.event);
      return line && { ...line, parent_tool_use_id: event.toolCallId, agent: child.agent };
    }
    default:
      return event;
  }
}

export function buildResult(o: {
  sessionId: string;
  messages: readonly Message[];
  reason: AgentEndReason;
  durationMs: number;
  interrupted: boolean;
  /** why the run failed, when it did */
  error?: string | null;
  contract: ContractFields;
  outcome?: RunOutcome;
  /** the goal, when one was set: not met is an error */
  goal?: GoalStatus;
}): ResultObject {
  const assistants = o.messages.filter((m): m is AssistantMessage => m.role === 'assistant');
  const last = assistants.at(-1);
  const usage = { input_tokens: 0, output_tokens: 0, cached_input_tokens: 0 };
  let cost: number | null = 0;
  for (const m of assistants) {
    usage.input_tokens += m.usage.input;
    usage.output_tokens += m.usage.output;
    usage.cached_input_tokens += m.usage.cacheRead;
    cost = cost === null || m.usage.cost === null ? null : cost + m.usage.cost.total;
  }
  // what child agents spent, as their task results say (their own children's included)
  for (const spent of o.messages.map(spentInResult)) {
    if (!spent) continue;
    usage.input_tokens += spent.input;
    usage.output_tokens += spent.output;
    usage.cached_input_tokens += spent.cacheRead;
    cost = cost === null || spent.cost === null ? null : cost + spent.cost;
  }
  const structured = o.outcome?.structured;
  const invalid = structured?.ok === false;
  const goalMissed = o.goal !== undefined && o.goal.passed !== true;
  const isError = o.reason === 'error' || o.reason === 'aborted' || o.reason === 'maxTurns' || o.outcome?.budgetReached === true || invalid || goalMissed;
  const stopReason = o.interrupted
    ? 'interrupted'
    : o.outcome?.budgetReached
      ? 'max_budget'
      : o.reason === 'maxTurns'
        ? 'max_turns'
        : o.reason === 'aborted'
          ? 'aborted'
          : o.reason !== 'error' && invalid
            ? 'invalid_structured_output'
            : (last?.stopReason ?? 'stop');
  const result = o.reason === 'error' ? (o.error ?? last?.errorMessage ?? 'the run failed') : runAnswer(o.messages);
  return {
    type: 'result',
    schema_version: STREAM_JSON_VERSION,
    is_error: isError,
    result,
    session_id: o.sessionId,
    num_turns: assistants.length,
    duration_ms: Math.round(o.durationMs),
    stop_reason: stopReason,
    usage,
    total_cost_usd: assistants.length === 0 ? 0 : cost === null ? null : Number(cost.toFixed(6)),
    ...o.contract,
    ...(structured?.ok ? { structured_output: structured.value } : {}),
    ...(o.goal ? { goal: goalResult(o.goal) } : {}),
  };
}
