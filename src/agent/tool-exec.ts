// Runs the tool calls of one assistant message: each prepared (arguments checked, `beforeToolCall`),
// executed, finalized (`afterToolCall`), and answered with exactly one result, in call order.
// 'parallel' lets calls overlap unless tack's scheduling hints say they touch the same thing.
import type { AssistantMessage, ToolCall, ToolResultMessage } from '../ai/types.js';
import type { AgentContext, AgentEvent, AgentLoopConfig, AgentToolResult, AnyAgentTool } from './types.js';
import { validateToolCall } from './validate.js';

export interface ToolBatchOptions {
  context: AgentContext;
  assistantMessage: AssistantMessage;
  config: Pick<AgentLoopConfig, 'beforeToolCall' | 'afterToolCall' | 'toolExecution'>;
  signal: AbortSignal;
  emit: (event: AgentEvent) => Promise<void>;
}

export interface ToolBatch {
  /** one result per call, in call order */
  messages: ToolResultMessage[];
  /** how many calls never ran, and why the first of them did not */
  notRun: number;
  problem: string | undefined;
  /** a `beforeToolCall` block asked to end the run, for this sentence */
  stop: string | undefined;
  /** every result asked to end the run after this batch */
  terminate: boolean;
}

/** free: a tool without tack's hints (pi's); look: only reads; change: one known resource; any: may touch anything */
type Kind = 'free' | 'look' | 'change' | 'any';

interface Slot {
  kind: Kind;
  key: string | undefined;
  done: Promise<unknown>;
}

function conflicts(a: Slot, b: Slot): boolean {
  if (a.kind === 'any' || b.kind === 'any') return true;
  if (a.kind === 'free' || b.kind === 'free') return false;
  if (a.kind === 'look' && b.kind === 'look') return false;
  if (a.kind === 'change' && b.kind === 'change') return a.key === b.key;
  return true;
}

interface Checked {
  tool?: AnyAgentTool;
  /** the checked arguments, when they are valid */
  params?: unknown;
  problem?: string;
}

/** The tool and the checked arguments (after the tool's `prepareArguments`), or what is wrong. */
function check(call: ToolCall, tools: readonly AnyAgentTool[]): Checked {
  const tool = tools.find((t) => t.name === call.name);
  let prepared = call;
  if (tool?.prepareArguments && !call.invalidArguments) {
    try {
      prepared = { ...call, arguments: tool.prepareArguments(call.arguments) as Record<string, unknown> };
    } catch (err) {
      return { tool, problem: `The arguments for ${call.name} could not be prepared: ${err instanceof Error ? err.message : String(err)}` };
    }
  }
  const v = validateToolCall(prepared, tools);
  return v.ok ? { tool: v.tool, params: v.params } : { tool: v.tool, problem: v.message };
}

/** Whether a call of `tool` with these arguments only looks, by the tool's own `readOnly` (a throw: no). */
export function onlyLooks(tool: AnyAgentTool, params: unknown): boolean {
  try {
    return typeof tool.readOnly === 'function' ? tool.readOnly(params) === true : tool.readOnly === true;
  } catch {
    return false;
  }
}

function kindOf(c: Checked): { kind: Kind; key: string | undefined } {
  const tool = c.tool;
  if (!tool || c.problem) return { kind: 'look', key: undefined };
  if (tool.readOnly === undefined && tool.lockKey === undefined) return { kind: 'free', key: undefined };
  if (onlyLooks(tool, c.params)) return { kind: 'look', key: undefined };
  try {
    const key = tool.lockKey?.(c.params);
    return { kind: key === undefined ? 'any' : 'change', key };
  } catch {
    return { kind: 'any', key: undefined };
  }
}

function errorResult(text: string): AgentToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

export function interruptedResult(call: ToolCall, why: string): ToolResultMessage {
  return {
    role: 'toolResult',
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: 'text', text: `interrupted: ${why}` }],
    isError: true,
    timestamp: Date.now(),
  };
}

const NOT_STARTED = 'interrupted: the user stopped the agent before this tool ran';

interface Outcome {
  result: AgentToolResult;
  isError: boolean;
  /** the tool ran (not: unknown, invalid arguments, blocked, interrupted) */
  ran: boolean;
  stop?: string;
}

type Prepared = { ready: true; tool: AnyAgentTool; args: unknown } | { ready: false; outcome: Outcome };

const notRun = (text: string, stop?: string): Prepared => ({ ready: false, outcome: { result: errorResult(text), isError: true, ran: false, stop } });

async function prepare(call: ToolCall, checked: Checked, o: ToolBatchOptions): Promise<Prepared> {
  if (o.signal.aborted) return notRun(NOT_STARTED);
  if (!checked.tool || checked.problem) return notRun(checked.problem ?? 'tool not found');
  try {
    const before = await o.config.beforeToolCall?.(
      { assistantMessage: o.assistantMessage, toolCall: call, args: checked.params, context: o.context, tool: checked.tool },
      o.signal,
    );
    if (before?.block) return notRun(before.reason || 'Tool execution was blocked', before.stopRun);
  } catch (err) {
    return notRun(err instanceof Error ? err.message : String(err));
  }
  if (o.signal.aborted) return notRun(NOT_STARTED);
  return { ready: true, tool: checked.tool, args: checked.params };
}

async function execute(call: ToolCall, p: { tool: AnyAgentTool; args: unknown }, o: ToolBatchOptions): Promise<Outcome> {
  const updates: Promise<void>[] = [];
  let outcome: Outcome;
  try {
    const result = await p.tool.execute(call.id, p.args, o.signal, (partialResult: AgentToolResult) => {
      updates.push(o.emit({ type: 'tool_execution_update', toolCallId: call.id, toolName: call.name, args: call.arguments, partialResult }));
    });
    outcome = { result, isError: result.isError === true, ran: true };
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    outcome = { result: errorResult(o.signal.aborted ? `interrupted: ${text}` : text), isError: true, ran: true };
  }
  await Promise.all(updates);
  if (!o.config.afterToolCall) return outcome;
  try {
    const after = await o.config.afterToolCall(
      { assistantMessage: o.assistantMessage, toolCall: call, args: p.args, result: outcome.result, isError: outcome.isError, context: o.context },
      o.signal,
    );
    if (!after) return outcome;
    const result = { ...outcome.result };
    if (after.content !== undefined) result.content = after.content;
    if (after.details !== undefined) result.details = after.details;
    if (after.terminate !== undefined) result.terminate = after.terminate;
    const isError = after.isError ?? outcome.isError;
    return { result: { ...result, isError }, isError, ran: true };
  } catch (err) {
    return { result: errorResult(err instanceof Error ? err.message : String(err)), isError: true, ran: true };
  }
}

/** `prepared`: told once the call is prepared (its arguments final); it runs once what that returns is done. */
async function runCall(call: ToolCall, checked: Checked, o: ToolBatchOptions, prepared?: () => Promise<unknown>): Promise<Outcome> {
  await o.emit({ type: 'tool_execution_start', toolCallId: call.id, toolName: call.name, args: call.arguments });
  let p: Prepared;
  let clear: Promise<unknown> | undefined;
  try {
    p = await prepare(call, checked, o);
  } finally {
    clear = prepared?.();
  }
  if (p.ready) await clear;
  const outcome = p.ready ? await execute(call, p, o) : p.outcome;
  await o.emit({
    type: 'tool_execution_end',
    toolCallId: call.id,
    toolName: call.name,
    args: call.arguments,
    result: outcome.result,
    isError: outcome.isError,
  });
  return outcome;
}

function resultMessage(call: ToolCall, outcome: Outcome): ToolResultMessage {
  return {
    role: 'toolResult',
    toolCallId: call.id,
    toolName: call.name,
    content: outcome.result.content,
    details: outcome.result.details,
    isError: outcome.isError,
    timestamp: Date.now(),
  };
}

export async function executeToolCalls(calls: ToolCall[], o: ToolBatchOptions): Promise<ToolBatch> {
  const tools = o.context.tools ?? [];
  const checked = calls.map((call) => check(call, tools));
  const sequential = o.config.toolExecution === 'sequential' || checked.some((c) => c.tool?.executionMode === 'sequential');
  const finished = sequential ? undefined : startTogether(calls, checked, o);
  // Results enter the transcript in call order, each as soon as it and all before it are done.
  const messages: ToolResultMessage[] = [];
  const outcomes: Outcome[] = [];
  for (const [i, call] of calls.entries()) {
    const outcome = await (finished ? finished[i] : runCall(call, checked[i] as Checked, o));
    if (!outcome) continue;
    outcomes.push(outcome);
    const message = resultMessage(call, outcome);
    await o.emit({ type: 'message_start', message });
    messages.push(message);
    await o.emit({ type: 'message_end', message });
  }
  const notRunOutcomes = outcomes.filter((x) => !x.ran);
  const first = notRunOutcomes[0]?.result.content[0];
  return {
    messages,
    notRun: notRunOutcomes.length,
    problem: first?.type === 'text' ? first.text : undefined,
    stop: outcomes.find((x) => x.stop)?.stop,
    terminate: outcomes.length > 0 && outcomes.every((x) => x.result.terminate === true),
  };
}

/**
 * 'parallel': every call starts once the calls it conflicts with are done; preparations (and so
 * approval questions) still come one at a time, in call order.
 */
function startTogether(calls: ToolCall[], checked: Checked[], o: ToolBatchOptions): Promise<Outcome>[] {
  const slots: Slot[] = [];
  let preparedBefore: Promise<void> = Promise.resolve();
  // What a call conflicts with is read when its turn to be prepared comes: the calls before it are
  // prepared by then, with the arguments they will run with.
  const conflicting = (i: number, slot: Slot) =>
    Promise.all(
      slots
        .slice(0, i)
        .filter((earlier) => conflicts(earlier, slot))
        .map((s) => s.done),
    );
  return calls.map((call, i) => {
    const c = checked[i] as Checked;
    const slot: Slot = { ...kindOf(c), done: Promise.resolve() };
    const turn = preparedBefore;
    let release!: () => void;
    preparedBefore = new Promise((r) => (release = r));
    const run = (async () => {
      await turn;
      await conflicting(i, slot);
      return runCall(call, c, o, () => {
        // A beforeToolCall hook may have rewritten the arguments in place (a PreToolUse hook's
        // updatedInput moving an edit to another file): the call then also waits for what it
        // conflicts with now, and the calls after it see where it really writes.
        const now = kindOf(c);
        const moved = now.kind !== slot.kind || now.key !== slot.key;
        Object.assign(slot, now);
        release();
        return moved ? conflicting(i, slot) : Promise.resolve();
      });
    })();
    slot.done = run.catch(() => undefined);
    slots.push(slot);
    return run;
  });
}
