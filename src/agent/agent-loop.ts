// The agent loop (pi-agent-core 0.73's `agentLoop` contract): model call, tool batch, steering,
// follow-ups, over a context the caller owns. Pure: every effect goes through `emit`.
import { EventStream } from '../ai/event-stream.js';
import { streamSimple } from '../ai/registry.js';
import type { AssistantMessage, Context, Message, StreamFn, StreamOptions, ToolCall, ToolSpec } from '../ai/types.js';
import { RunGuard, pause } from './run-guard.js';
import { executeToolCalls, interruptedResult } from './tool-exec.js';
import type { AgentContext, AgentEndReason, AgentEvent, AgentLoopConfig, AgentMessage, AnyAgentTool } from './types.js';

type Emit = (event: AgentEvent) => Promise<void>;

/** Starts a run with `prompts`; the stream's `result()` is the run's new messages, prompts included. */
export function agentLoop(
  prompts: AgentMessage[],
  context: AgentContext,
  config: AgentLoopConfig,
  signal?: AbortSignal,
  streamFn?: StreamFn,
): EventStream<AgentEvent, AgentMessage[]> {
  return streamed((emit) => runAgentLoop(prompts, context, config, emit, signal, streamFn));
}

/** Runs from the context as it is: it must end with a message the model answers (user, tool result). */
export function agentLoopContinue(
  context: AgentContext,
  config: AgentLoopConfig,
  signal?: AbortSignal,
  streamFn?: StreamFn,
): EventStream<AgentEvent, AgentMessage[]> {
  assertContinuable(context);
  return streamed((emit) => runAgentLoopContinue(context, config, emit, signal, streamFn));
}

export async function runAgentLoop(
  prompts: AgentMessage[],
  context: AgentContext,
  config: AgentLoopConfig,
  emit: Emit,
  signal?: AbortSignal,
  streamFn?: StreamFn,
): Promise<AgentMessage[]> {
  const ctx = ownCopy(context, prompts);
  const newMessages = [...prompts];
  await emit({ type: 'agent_start' });
  await emit({ type: 'turn_start' });
  for (const message of prompts) {
    await emit({ type: 'message_start', message });
    await emit({ type: 'message_end', message });
  }
  const reason = await runLoop(ctx, newMessages, config, signal ?? new AbortController().signal, emit, streamFn ?? streamSimple);
  await emit({ type: 'agent_end', messages: newMessages, reason });
  return newMessages;
}

export async function runAgentLoopContinue(
  context: AgentContext,
  config: AgentLoopConfig,
  emit: Emit,
  signal?: AbortSignal,
  streamFn?: StreamFn,
): Promise<AgentMessage[]> {
  assertContinuable(context);
  return runAgentLoop([], context, config, emit, signal, streamFn);
}

function assertContinuable(context: AgentContext): void {
  const last = context.messages.at(-1);
  if (!last) throw new Error('Cannot continue: no messages in context');
  if (last.role === 'assistant') throw new Error('Cannot continue from message role: assistant');
}

/** The loop's own context: the caller's messages copied; tools read through, so a list set mid-run is offered at once. */
function ownCopy(context: AgentContext, prompts: AgentMessage[]): AgentContext {
  return {
    systemPrompt: context.systemPrompt,
    messages: [...context.messages, ...prompts],
    get tools() {
      return context.tools;
    },
  };
}

function streamed(run: (emit: Emit) => Promise<AgentMessage[]>): EventStream<AgentEvent, AgentMessage[]> {
  const stream = new EventStream<AgentEvent, AgentMessage[]>(
    (e) => e.type === 'agent_end',
    (e) => (e.type === 'agent_end' ? e.messages : []),
  );
  run(async (event) => stream.push(event)).then(
    (messages) => stream.end(messages),
    // A hook that threw (the contract says they must not): the run ends, and says so.
    () => stream.push({ type: 'agent_end', messages: [], reason: 'error' }),
  );
  return stream;
}

export function defaultConvertToLlm(messages: AgentMessage[]): Message[] {
  return messages.filter((m): m is Message => m.role === 'user' || m.role === 'assistant' || m.role === 'toolResult');
}

/** The tool list the model is offered. */
function toolSpecs(tools: readonly AnyAgentTool[]): ToolSpec[] {
  return tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters, ...(t.strict === false ? { strict: false } : {}) }));
}

/** What a model call sends for this context: the transcript transformed and converted, the tools' specs, the call's options. */
export async function modelRequest(
  ctx: AgentContext,
  config: AgentLoopConfig,
  signal: AbortSignal | undefined,
): Promise<{ context: Context; options: StreamOptions }> {
  const transcript = config.transformContext ? await config.transformContext(ctx.messages, signal) : ctx.messages;
  const messages = await config.convertToLlm(transcript);
  const apiKey = (config.getApiKey ? await config.getApiKey(config.model.provider) : undefined) || config.apiKey;
  return { context: { systemPrompt: ctx.systemPrompt, messages, tools: toolSpecs(ctx.tools ?? []) }, options: { ...config, apiKey, signal } };
}

async function runLoop(
  ctx: AgentContext,
  newMessages: AgentMessage[],
  config: AgentLoopConfig,
  signal: AbortSignal,
  emit: Emit,
  streamFn: StreamFn,
): Promise<AgentEndReason> {
  const guard = new RunGuard(config);
  let turns = 0;
  let firstTurn = true;
  const add = async (message: AgentMessage, announce: boolean) => {
    if (announce) {
      await emit({ type: 'message_start', message });
      await emit({ type: 'message_end', message });
    }
    ctx.messages.push(message);
    newMessages.push(message);
  };
  let pending = (await config.getSteeringMessages?.()) ?? [];
  for (;;) {
    let more = true; // the last answer asked for tools, or this is the first turn
    while (more || pending.length > 0) {
      if (signal.aborted) return 'aborted';
      if (config.maxTurns !== undefined && turns >= config.maxTurns) return 'maxTurns';
      const stop = guard.stopSentence();
      if (stop) {
        config.onStop?.(stop);
        return 'error';
      }
      await pause(guard.waitMs(), signal);
      if (signal.aborted) return 'aborted';
      if (!firstTurn) await emit({ type: 'turn_start' });
      firstTurn = false;
      for (const message of pending) await add(message, true);
      pending = [];
      turns++;
      const assistant = await streamAssistantResponse(ctx, config, signal, emit, streamFn, guard);
      await add(assistant, false);
      const calls = assistant.content.filter((c): c is ToolCall => c.type === 'toolCall');
      if (assistant.stopReason === 'error' || assistant.stopReason === 'aborted') {
        // Every tool call needs a result, even one the model never finished asking for.
        const results = calls.map((call) => interruptedResult(call, 'the answer was cut off before this tool ran'));
        for (const message of results) await add(message, true);
        await emit({ type: 'turn_end', message: assistant, toolResults: results });
        return assistant.stopReason;
      }
      const batch = calls.length > 0 ? await executeToolCalls(calls, { context: ctx, assistantMessage: assistant, config, signal, emit }) : undefined;
      for (const message of batch?.messages ?? []) await add(message, false);
      guard.turnEnded(calls.length, batch?.notRun ?? 0, batch?.problem);
      const toolResults = batch?.messages ?? [];
      await emit({ type: 'turn_end', message: assistant, toolResults });
      if (signal.aborted) return 'aborted';
      if (batch?.stop) {
        config.onStop?.(batch.stop);
        return 'error';
      }
      if (await config.shouldStopAfterTurn?.({ message: assistant, toolResults, context: ctx, newMessages })) return 'done';
      more = calls.length > 0 && !batch?.terminate;
      pending = (await config.getSteeringMessages?.()) ?? [];
    }
    pending = (await config.getFollowUpMessages?.()) ?? [];
    if (pending.length === 0) return 'done';
  }
}

/** One model call, streamed into events. A context overflow is answered once through `prepareContext`. */
async function streamAssistantResponse(
  ctx: AgentContext,
  config: AgentLoopConfig,
  signal: AbortSignal,
  emit: Emit,
  streamFn: StreamFn,
  guard: RunGuard,
): Promise<AssistantMessage> {
  await config.prepareContext?.({ reason: 'turn', signal, context: ctx });
  let started = false;
  for (let retried = false; ; retried = true) {
    const request = await modelRequest(ctx, config, signal);
    const stream = await streamFn(config.model, request.context, request.options);
    guard.requested();
    let overflow = false;
    for await (const event of stream) {
      if (event.type === 'done') break;
      if (event.type === 'error') {
        overflow = event.error.errorKind === 'context_overflow';
        break;
      }
      if (event.type === 'retry') {
        guard.requested();
        const { attempt, maxAttempts, delayMs, reason } = event;
        await emit({ type: 'retry', attempt, maxAttempts, delayMs, reason });
        continue;
      }
      // The message starts with its first content, so an overflow answer (start, error) leaves no trace to undo.
      if (event.type === 'start') continue;
      if (!started) {
        started = true;
        await emit({ type: 'message_start', message: event.partial });
      }
      await emit({ type: 'message_update', message: event.partial, assistantMessageEvent: event });
    }
    const final = await stream.result();
    if (overflow && !retried && config.prepareContext && (await config.prepareContext({ reason: 'overflow', signal, context: ctx }))) continue;
    if (overflow && retried) {
      final.errorMessage = `the conversation is too large for ${config.model.id}'s context window even after compaction (${final.errorMessage ?? 'context overflow'}); start a new session or use a model with a larger window`;
    }
    if (!started) await emit({ type: 'message_start', message: final });
    await emit({ type: 'message_end', message: final });
    return final;
  }
}
