// The agent loop: model call, tool batch, steering, follow-ups. Pure: all effects go through `emit`.
import type { AssistantMessage, Message, Model, StreamFn, StreamOptions, ThinkingLevel, ToolCall, UserMessage } from '../ai/types.js';
import { RunGuard, pause } from './run-guard.js';
import { executeToolCalls, interruptedResult } from './tool-exec.js';
import type { AgentEndReason, AgentEvent, AnyAgentTool, BeforeToolCall, PrepareContext, TransformContext } from './types.js';

export interface LoopConfig {
  systemPrompt: string;
  model: Model;
  tools: readonly AnyAgentTool[];
  thinkingLevel: ThinkingLevel;
  streamFn: StreamFn;
  streamOptions?: Omit<StreamOptions, 'signal' | 'thinkingLevel'>;
  maxTurns?: number;
  /** model requests (retries included) one run may make; default DEFAULT_MAX_REQUESTS */
  maxRequests?: number;
  /** the first wait after a turn whose tool calls all failed before running; default 250 ms */
  failureBackoffMs?: number;
  /** a guard ended the run (reason `error`): the sentence that says why */
  onStop?(sentence: string): void;
  beforeToolCall?: BeforeToolCall;
  transformContext?: TransformContext;
  prepareContext?: PrepareContext;
  /** the transcript so far (the Agent appends each message on `message_end`) */
  getMessages(): readonly Message[];
  /** takes every waiting steering message */
  takeSteering(): UserMessage[];
  /** takes every waiting follow-up message */
  takeFollowUps(): UserMessage[];
}

type Emit = (event: AgentEvent) => Promise<void>;

/** Runs until the model is done and no queued message waits. `prompts` start the first turn. */
export async function runLoop(prompts: UserMessage[], config: LoopConfig, signal: AbortSignal, emit: Emit): Promise<AgentEndReason> {
  let pending: UserMessage[] = prompts;
  let turns = 0;
  let more = true; // the last answer asked for tools, or this is the first turn
  const guard = new RunGuard(config);
  for (;;) {
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
      await emit({ type: 'turn_start' });
      for (const message of pending) {
        await emit({ type: 'message_start', message });
        await emit({ type: 'message_end', message });
      }
      pending = [];
      turns++;
      const assistant = await streamAssistant(config, signal, emit, guard);
      const calls = assistant.content.filter((c): c is ToolCall => c.type === 'toolCall');
      if (assistant.stopReason === 'error' || assistant.stopReason === 'aborted') {
        // Every tool call needs a result, even one the model never finished asking for.
        const results = [];
        for (const call of calls) {
          const message = interruptedResult(call, 'the answer was cut off before this tool ran');
          await emit({ type: 'message_start', message });
          await emit({ type: 'message_end', message });
          results.push(message);
        }
        await emit({ type: 'turn_end', message: assistant, toolResults: results });
        return assistant.stopReason === 'aborted' ? 'aborted' : 'error';
      }
      const batch =
        calls.length > 0
          ? await executeToolCalls(calls, { tools: config.tools, signal, beforeToolCall: config.beforeToolCall, emit })
          : { messages: [], notRun: 0, problem: undefined, stop: undefined };
      guard.turnEnded(calls.length, batch.notRun, batch.problem);
      await emit({ type: 'turn_end', message: assistant, toolResults: batch.messages });
      if (signal.aborted) return 'aborted';
      if (batch.stop) {
        config.onStop?.(batch.stop);
        return 'error';
      }
      more = calls.length > 0;
      pending = config.takeSteering();
    }
    pending = config.takeFollowUps();
    if (pending.length === 0) return 'done';
  }
}

/** One model call, streamed into events. A context overflow is answered once through `prepareContext`. */
async function streamAssistant(config: LoopConfig, signal: AbortSignal, emit: Emit, guard: RunGuard): Promise<AssistantMessage> {
  await config.prepareContext?.({ reason: 'turn', signal });
  const tools = config.tools.map((t) => ({
    name: t.name,
    description: t.description,
    parameters: t.parameters,
    ...(t.strict === false ? { strict: false } : {}),
  }));
  let started = false;
  for (let retried = false; ; retried = true) {
    const transcript = config.getMessages();
    const messages = config.transformContext ? await config.transformContext(transcript, signal) : transcript;
    const stream = config.streamFn(
      config.model,
      { systemPrompt: config.systemPrompt, messages, tools },
      { ...config.streamOptions, signal, thinkingLevel: config.thinkingLevel },
    );
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
    if (overflow && !retried && config.prepareContext && (await config.prepareContext({ reason: 'overflow', signal }))) continue;
    if (overflow && retried) {
      final.errorMessage = `the conversation is too large for ${config.model.id}'s context window even after compaction (${final.errorMessage ?? 'context overflow'}); start a new session or use a model with a larger window`;
    }
    if (!started) await emit({ type: 'message_start', message: final });
    await emit({ type: 'message_end', message: final });
    return final;
  }
}
