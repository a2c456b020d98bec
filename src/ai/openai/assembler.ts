// Turns Chat Completions stream chunks into our content blocks and stream events. Pure: no I/O.
// Every chunk costs O(chunk): text grows by appending, tool arguments go through the incremental
// parser, and lookups are by map.
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { computeCost } from '../cost.js';
import { PartialJsonParser, parseToolArguments } from '../partial-json.js';
import type { AssistantMessage, AssistantMessageEvent, ModelPrices, ReasoningFormat, TextContent, ThinkingContent, ToolCall } from '../types.js';
import { ThinkTagSplitter, type Piece } from './think-tags.js';

type ToolCallDelta = NonNullable<ChatCompletionChunk.Choice.Delta['tool_calls']>[number];

/** Fields some servers add to a delta that the SDK's types do not know. */
interface DeltaExtras {
  reasoning_content?: string | null;
  reasoning?: string | null;
}

interface ChoiceExtras {
  usage?: ChatCompletionChunk['usage'];
}

interface OpenBlock {
  kind: 'text' | 'thinking';
  block: TextContent | ThinkingContent;
  index: number;
}

interface ToolState {
  call: ToolCall;
  /** the id as the server sent it (the call's own id is made unique) */
  rawId: string | undefined;
  index: number;
  /** the argument text so far; parsed once, completely, at the end */
  raw: string;
  parser: PartialJsonParser;
}

export type FinishedReason = 'stop' | 'length' | 'toolUse';

/**
 * A chunk that is JSON but not a Chat Completions chunk (`"tool_calls": "x"`, a delta that is a
 * number). It fails the attempt like a dropped stream: nothing in it becomes text or a tool call.
 */
export class ChunkShapeError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optional = (v: unknown, type: 'string' | 'number') => v === undefined || v === null || typeof v === type;

/** Throws unless `chunk` has the shape the assembler reads; a few `typeof`s, so cheap per chunk. */
function checkShape(chunk: unknown): asserts chunk is ChatCompletionChunk {
  const wrong = (what: string) => new ChunkShapeError(what);
  if (!isObject(chunk)) throw wrong('a chunk that is not an object');
  const choices = chunk.choices;
  if (choices === undefined || choices === null) return;
  if (!Array.isArray(choices)) throw wrong('"choices" that is not a list');
  const choice: unknown = choices[0];
  if (choice === undefined) return;
  if (!isObject(choice)) throw wrong('a choice that is not an object');
  if (!optional(choice.finish_reason, 'string')) throw wrong('a "finish_reason" that is not a string');
  const delta = choice.delta;
  if (delta === undefined || delta === null) return;
  if (!isObject(delta)) throw wrong('a "delta" that is not an object');
  for (const key of ['content', 'reasoning_content', 'reasoning', 'refusal'] as const) {
    if (!optional(delta[key], 'string')) throw wrong(`a "${key}" that is not a string`);
  }
  const calls = delta.tool_calls;
  if (calls === undefined || calls === null) return;
  if (!Array.isArray(calls)) throw wrong('"tool_calls" that is not a list');
  for (const call of calls) {
    if (!isObject(call) || !optional(call.id, 'string') || !optional(call.index, 'number')) throw wrong('a tool call fragment of the wrong shape');
    const fn = call.function;
    if (fn === undefined || fn === null) continue;
    if (!isObject(fn) || !optional(fn.name, 'string') || !optional(fn.arguments, 'string')) throw wrong('a tool call "function" of the wrong shape');
  }
}

export class ChunkAssembler {
  private open: OpenBlock | null = null;
  private tools: ToolState[] = [];
  private byIndex = new Map<number, ToolState>();
  private readonly thinkTags = new ThinkTagSplitter();
  private finishReason: string | null = null;

  constructor(
    private readonly message: AssistantMessage,
    private readonly emit: (event: AssistantMessageEvent) => void,
    private readonly prices: ModelPrices | null,
  ) {}

  /** Takes one chunk; true when it carried model data (a delta, a finish reason, usage), not just keep-alive. */
  push(chunk: unknown): boolean {
    checkShape(chunk);
    // Usage comes in a final chunk with no choices, on the last choice chunk, or (some servers)
    // inside the last choice itself.
    if (chunk.usage) this.setUsage(chunk.usage);
    const choice = chunk.choices?.[0] as (ChatCompletionChunk.Choice & ChoiceExtras) | undefined;
    if (!choice) return chunk.usage != null;
    if (choice.usage) this.setUsage(choice.usage);
    const delta = (choice.delta ?? {}) as ChatCompletionChunk.Choice.Delta & DeltaExtras;
    if (delta.reasoning_content) this.appendBlock('thinking', delta.reasoning_content, 'reasoning_content');
    else if (delta.reasoning) this.appendBlock('thinking', delta.reasoning, 'reasoning');
    if (delta.content) for (const piece of this.thinkTags.push(delta.content)) this.appendPiece(piece);
    if (delta.refusal) this.appendBlock('text', delta.refusal);
    for (const fragment of delta.tool_calls ?? []) this.appendToolFragment(fragment);
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    return Boolean(
      delta.content || delta.reasoning_content || delta.reasoning || delta.refusal || delta.tool_calls?.length || choice.finish_reason || choice.usage,
    );
  }

  /** Closes every block, settles tool arguments, and returns the stop reason. */
  finish(): FinishedReason {
    for (const piece of this.thinkTags.flush()) this.appendPiece(piece);
    this.closeOpenBlock();
    for (const tool of this.tools) {
      const parsed = parseToolArguments(tool.raw);
      if (parsed.ok) tool.call.arguments = parsed.value;
      else {
        // The agent loop reports this to the model, quoting what it sent, so it can correct itself.
        tool.call.arguments = {};
        tool.call.invalidArguments = { raw: tool.raw, error: parsed.error };
      }
      this.emit({ type: 'toolcall_end', contentIndex: tool.index, toolCall: tool.call, partial: this.message });
    }
    const reason = mapFinishReason(this.finishReason, this.tools.length > 0);
    this.message.stopReason = reason;
    return reason;
  }

  private appendPiece(piece: Piece): void {
    this.appendBlock(piece.kind, piece.text, 'think_tag');
  }

  private appendBlock(kind: OpenBlock['kind'], delta: string, format?: ReasoningFormat): void {
    if (this.open?.kind !== kind) {
      this.closeOpenBlock();
      const block: TextContent | ThinkingContent =
        kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', ...(format ? { format } : {}) };
      this.message.content.push(block);
      this.open = { kind, block, index: this.message.content.length - 1 };
      this.emit({ type: kind === 'text' ? 'text_start' : 'thinking_start', contentIndex: this.open.index, partial: this.message });
    }
    const { block, index } = this.open;
    if (block.type === 'text') {
      block.text += delta;
      this.emit({ type: 'text_delta', contentIndex: index, delta, partial: this.message });
    } else {
      block.thinking += delta;
      this.emit({ type: 'thinking_delta', contentIndex: index, delta, partial: this.message });
    }
  }

  private closeOpenBlock(): void {
    const open = this.open;
    if (!open) return;
    this.open = null;
    if (open.block.type === 'text') this.emit({ type: 'text_end', contentIndex: open.index, content: open.block.text, partial: this.message });
    else this.emit({ type: 'thinking_end', contentIndex: open.index, content: open.block.thinking, partial: this.message });
  }

  private appendToolFragment(fragment: ToolCallDelta): void {
    const tool = this.toolFor(fragment);
    const name = fragment.function?.name;
    if (name && !tool.call.name) tool.call.name = name;
    const args = fragment.function?.arguments;
    if (!args) return;
    tool.raw += args;
    tool.parser.feed(args);
    tool.call.arguments = tool.parser.value();
    this.emit({ type: 'toolcall_delta', contentIndex: tool.index, delta: args, partial: this.message });
  }

  /**
   * Which call a fragment belongs to. Standard servers give every fragment an `index` and the id
   * only on the first; some omit the index, some repeat the id on every fragment, and some reuse
   * index 0 for every call. A fragment with the id of the latest call continues it, another id
   * starts a new call, and a fragment without id continues the call at its index (or the latest).
   */
  private toolFor(fragment: ToolCallDelta): ToolState {
    const id = fragment.id || undefined;
    const index = typeof fragment.index === 'number' ? fragment.index : undefined;
    const current = index !== undefined ? this.byIndex.get(index) : this.tools.at(-1);
    if (current && (!id || id === current.rawId)) return current;
    return this.startTool(id, index);
  }

  private startTool(rawId: string | undefined, openaiIndex: number | undefined): ToolState {
    this.closeOpenBlock();
    // Ids must be unique within the message: the agent answers each call by its id.
    const taken = rawId !== undefined && this.tools.some((t) => t.call.id === rawId);
    const id = rawId && !taken ? rawId : `${rawId ?? 'call'}_${this.tools.length}_${Date.now().toString(36)}`;
    const call: ToolCall = { type: 'toolCall', id, name: '', arguments: {} };
    this.message.content.push(call);
    const tool: ToolState = { call, rawId, index: this.message.content.length - 1, raw: '', parser: new PartialJsonParser() };
    this.tools.push(tool);
    if (openaiIndex !== undefined) this.byIndex.set(openaiIndex, tool);
    this.emit({ type: 'toolcall_start', contentIndex: tool.index, partial: this.message });
    return tool;
  }

  private setUsage(usage: NonNullable<ChatCompletionChunk['usage']>): void {
    const input = usage.prompt_tokens ?? 0;
    const output = usage.completion_tokens ?? 0;
    const cacheRead = usage.prompt_tokens_details?.cached_tokens ?? 0;
    const counts = { input, output, cacheRead };
    this.message.usage = { ...counts, totalTokens: usage.total_tokens ?? input + output, cost: computeCost(counts, this.prices) };
  }
}

/** Unknown or missing reasons are not errors: the answer arrived, so it stopped (or wants its tools run). */
export function mapFinishReason(reason: string | null, hasToolCalls: boolean): FinishedReason {
  if (reason === 'length') return 'length';
  if (reason === 'tool_calls' || reason === 'function_call' || hasToolCalls) return 'toolUse';
  return 'stop';
}
