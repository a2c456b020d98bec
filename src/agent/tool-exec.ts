// Runs the tool calls of one assistant message: validated, scheduled so that only calls that cannot
// interfere overlap, and answered with exactly one result each, in call order.
import type { ToolCall, ToolResultMessage } from '../ai/types.js';
import type { AgentEvent, AgentToolResult, AnyAgentTool, BeforeToolCall } from './types.js';
import { validateToolCall } from './validate.js';

export interface ToolBatchOptions {
  tools: readonly AnyAgentTool[];
  signal: AbortSignal;
  beforeToolCall?: BeforeToolCall;
  emit: (event: AgentEvent) => Promise<void>;
}

interface Slot {
  readOnly: boolean;
  /** the resource a changing call holds; undefined for a changing call that may touch anything */
  key: string | undefined;
  done: Promise<unknown>;
}

/** Two calls may overlap only when both just look, or both change different, known resources. */
function conflicts(a: Slot, b: Slot): boolean {
  if (a.readOnly && b.readOnly) return false;
  if (!a.readOnly && !b.readOnly && a.key !== undefined && b.key !== undefined) return a.key === b.key;
  return true;
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

function readOnlyOf(tool: AnyAgentTool | undefined, params: unknown): boolean {
  if (typeof tool?.readOnly !== 'function') return tool?.readOnly === true;
  try {
    return tool.readOnly(params) === true;
  } catch {
    return false;
  }
}

function lockKeyOf(tool: AnyAgentTool | undefined, params: unknown): string | undefined {
  try {
    return tool?.lockKey?.(params);
  } catch {
    return undefined;
  }
}

/** A result, and whether the tool ran at all (not: unknown, invalid arguments, refused, interrupted). */
interface Outcome {
  result: AgentToolResult;
  ran: boolean;
  /** the hook asked to end the run after this batch */
  stop?: string;
}

const notRun = (text: string): Outcome => ({ result: errorResult(text), ran: false });

async function runOne(call: ToolCall, opts: ToolBatchOptions, validation: ReturnType<typeof validateToolCall>): Promise<Outcome> {
  const { signal, emit } = opts;
  if (signal.aborted) return notRun('interrupted: the user stopped the agent before this tool ran');
  if (!validation.ok || !validation.tool) return notRun(validation.ok ? 'tool not found' : validation.message);
  const tool = validation.tool;
  try {
    const blocked = await opts.beforeToolCall?.(call, tool, signal);
    if (blocked?.block) return { ...notRun(blocked.reason), stop: blocked.stopRun };
    if (signal.aborted) return notRun('interrupted: the user stopped the agent before this tool ran');
    const result = await tool.execute(call.id, validation.params, signal, (partialResult: AgentToolResult) => {
      void emit({ type: 'tool_execution_update', toolCallId: call.id, toolName: call.name, args: call.arguments, partialResult });
    });
    return { result, ran: true };
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    return { result: errorResult(signal.aborted ? `interrupted: ${text}` : text), ran: true };
  }
}

export interface ToolBatch {
  /** one result per call, in call order */
  messages: ToolResultMessage[];
  /** how many calls never ran, and why the first of them did not */
  notRun: number;
  problem: string | undefined;
  /** a `beforeToolCall` block asked to end the run, for this sentence */
  stop: string | undefined;
}

export async function executeToolCalls(calls: ToolCall[], opts: ToolBatchOptions): Promise<ToolBatch> {
  const slots: Slot[] = [];
  let notRunCount = 0;
  let problem: string | undefined;
  let stop: string | undefined;
  const finished: Promise<ToolResultMessage>[] = calls.map((call) => {
    const validation = validateToolCall(call, opts.tools);
    const tool = validation.tool;
    const readOnly = !validation.ok || readOnlyOf(tool, validation.params);
    const slot: Slot = { readOnly, key: validation.ok ? lockKeyOf(tool, validation.params) : undefined, done: Promise.resolve() };
    const waitFor = slots.filter((earlier) => conflicts(earlier, slot)).map((s) => s.done);
    const run = (async () => {
      await Promise.all(waitFor);
      await opts.emit({ type: 'tool_execution_start', toolCallId: call.id, toolName: call.name, args: call.arguments });
      const { result, ran, stop: stopRun } = await runOne(call, opts, validation);
      stop ??= stopRun;
      if (!ran) {
        notRunCount++;
        problem ??= result.content[0]?.type === 'text' ? result.content[0].text : undefined;
      }
      const isError = result.isError === true;
      await opts.emit({ type: 'tool_execution_end', toolCallId: call.id, toolName: call.name, args: call.arguments, result, isError });
      const message: ToolResultMessage = {
        role: 'toolResult',
        toolCallId: call.id,
        toolName: call.name,
        content: result.content,
        details: result.details,
        isError,
        timestamp: Date.now(),
      };
      return message;
    })();
    slot.done = run.catch(() => undefined);
    slots.push(slot);
    return run;
  });

  // Results enter the transcript in call order, each as soon as it and all before it are done.
  const results: ToolResultMessage[] = [];
  for (const promise of finished) {
    const message = await promise;
    await opts.emit({ type: 'message_start', message });
    results.push(message);
    await opts.emit({ type: 'message_end', message });
  }
  return { messages: results, notRun: notRunCount, problem, stop };
}
