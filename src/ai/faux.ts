// A scripted provider for tests and SDK demos: plays prepared answers as real streamed deltas.
import { AssistantMessageEventStream, newAssistantMessage } from './event-stream.js';
import type { AssistantMessage, Context, Model, Provider, StopReason, StreamOptions, TextContent, ThinkingContent, ToolCall } from './types.js';

export type FauxStep = AssistantMessage | ((context: Context, model: Model, options: StreamOptions) => AssistantMessage | Promise<AssistantMessage>);

export interface FauxProvider {
  provider: Provider;
  getModel(id?: string): Model;
  setResponses(steps: FauxStep[]): void;
  appendResponses(steps: FauxStep[]): void;
  /** how many model calls were made */
  readonly callCount: number;
  /** how many scripted answers are left */
  readonly pendingCount: number;
}

export interface FauxOptions {
  name?: string;
  /** characters per delta (default 4) */
  chunkSize?: number;
  /** pause between deltas in ms (default 0: a macrotask yield, so aborts land between chunks) */
  delayMs?: number;
}

let fauxIds = 0;

export function fauxText(text: string): TextContent {
  return { type: 'text', text };
}

export function fauxThinking(thinking: string): ThinkingContent {
  return { type: 'thinking', thinking };
}

export function fauxToolCall(name: string, args: Record<string, unknown>, options: { id?: string } = {}): ToolCall {
  return { type: 'toolCall', id: options.id ?? `faux_call_${++fauxIds}`, name, arguments: args };
}

export function fauxAssistantMessage(
  content: AssistantMessage['content'] | string,
  options: { stopReason?: StopReason; errorMessage?: string } = {},
): AssistantMessage {
  const blocks = typeof content === 'string' ? [fauxText(content)] : content;
  const hasTools = blocks.some((b) => b.type === 'toolCall');
  const message = newAssistantMessage('faux', 'faux-model');
  message.content = blocks;
  message.stopReason = options.stopReason ?? (hasTools ? 'toolUse' : 'stop');
  if (options.errorMessage !== undefined) message.errorMessage = options.errorMessage;
  return message;
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function fauxProvider(options: FauxOptions = {}): FauxProvider {
  const name = options.name ?? 'faux';
  const chunkSize = options.chunkSize ?? 4;
  const delayMs = options.delayMs ?? 0;
  let steps: FauxStep[] = [];
  let callCount = 0;

  const getModel = (id = 'faux-model'): Model => ({
    id,
    name: id,
    provider: name,
    baseUrl: 'faux://',
    contextWindow: 128_000,
    maxTokens: 16_000,
    prices: null,
    reasoning: false,
  });

  async function play(stream: AssistantMessageEventStream, model: Model, context: Context, opts: StreamOptions): Promise<void> {
    const partial = newAssistantMessage(name, model.id);
    if (model.api) partial.api = model.api;
    const aborted = () => opts.signal?.aborted === true;
    const fail = (reason: 'error' | 'aborted', text: string) => {
      partial.stopReason = reason;
      partial.errorMessage = text;
      partial.errorKind = reason === 'aborted' ? 'aborted' : 'unknown';
      stream.push({ type: 'error', reason, error: partial, partial });
    };
    const step = steps.shift();
    callCount++;
    if (!step) return fail('error', 'faux provider: no scripted response left');
    let scripted: AssistantMessage;
    try {
      scripted = typeof step === 'function' ? await step(context, model, opts) : step;
    } catch (err) {
      return fail('error', err instanceof Error ? err.message : String(err));
    }
    stream.push({ type: 'start', partial });
    for (const block of scripted.content) {
      const contentIndex = partial.content.length;
      if (block.type === 'toolCall') {
        const call: ToolCall = { type: 'toolCall', id: block.id, name: block.name, arguments: {} };
        partial.content.push(call);
        stream.push({ type: 'toolcall_start', contentIndex, partial });
        for (const delta of chunks(JSON.stringify(block.arguments), chunkSize)) {
          await pause(delayMs);
          if (aborted()) return fail('aborted', 'aborted by the user');
          stream.push({ type: 'toolcall_delta', contentIndex, delta, partial });
        }
        call.arguments = block.arguments;
        if (block.invalidArguments) call.invalidArguments = block.invalidArguments;
        stream.push({ type: 'toolcall_end', contentIndex, toolCall: call, partial });
        continue;
      }
      const isText = block.type === 'text';
      const full = isText ? block.text : block.thinking;
      const live: TextContent | ThinkingContent = isText ? { type: 'text', text: '' } : { type: 'thinking', thinking: '' };
      partial.content.push(live);
      stream.push({ type: isText ? 'text_start' : 'thinking_start', contentIndex, partial });
      for (const delta of chunks(full, chunkSize)) {
        await pause(delayMs);
        if (aborted()) return fail('aborted', 'aborted by the user');
        if (live.type === 'text') live.text += delta;
        else live.thinking += delta;
        stream.push({ type: isText ? 'text_delta' : 'thinking_delta', contentIndex, delta, partial });
      }
      stream.push({ type: isText ? 'text_end' : 'thinking_end', contentIndex, content: full, partial });
    }
    partial.usage = { ...scripted.usage };
    partial.stopReason = scripted.stopReason;
    if (scripted.stopReason === 'error' || scripted.stopReason === 'aborted') {
      return fail(scripted.stopReason, scripted.errorMessage ?? 'faux provider: scripted error');
    }
    stream.push({ type: 'done', reason: scripted.stopReason, message: partial, partial });
  }

  const provider: Provider = {
    name,
    getModel,
    stream(model, context, opts = {}) {
      const stream = new AssistantMessageEventStream();
      void play(stream, model, context, opts);
      return stream;
    },
  };

  return {
    provider,
    getModel,
    setResponses: (next) => {
      steps = [...next];
    },
    appendResponses: (next) => {
      steps.push(...next);
    },
    get pendingCount() {
      return steps.length;
    },
    get callCount() {
      return callCount;
    },
  };
}
