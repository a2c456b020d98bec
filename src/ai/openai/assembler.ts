// Turns Chat Completions stream chunks into our content blocks and stream events. Pure: no I/O.
// Every chunk costs O(chunk): text grows by appending, tool arguments go through the incremental
// parser, and lookups are by map.
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { AssistantMessage, AssistantMessageEvent, ModelPrices, ReasoningFormat, TextContent, ThinkingContent, ToolCall } from '../types.js';
import { checkShape, detailKey, detailKind, detailText, partText, partThinking, sealDetail, type ContentPart, type ReasoningDetail } from './chunk-shape.js';
import { blockEndEvent, StreamedArguments } from './streamed-parts.js';
import { ThinkTagSplitter, type Piece } from './think-tags.js';
import { readUsage, type Timings, type WireUsage } from './usage-shapes.js';

type ToolCallDelta = NonNullable<ChatCompletionChunk.Choice.Delta['tool_calls']>[number];

/** A delta as servers really send it: the SDK's types know neither array content nor these fields. */
type Delta = Omit<ChatCompletionChunk.Choice.Delta, 'content'> & {
  content?: string | ContentPart[] | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  reasoning_details?: ReasoningDetail[] | null;
};

interface ChoiceExtras {
  usage?: WireUsage | null;
}

/** llama.cpp's timings come beside the usage, in the last chunk */
interface ChunkExtras {
  timings?: Timings | null;
}

interface OpenBlock {
  kind: 'text' | 'thinking';
  block: TextContent | ThinkingContent;
  index: number;
  /** the reasoning detail it holds (type and index), so its next fragments continue it */
  key?: string;
}

interface ToolState {
  call: ToolCall;
  /** the id as the server sent it (the call's own id is made unique) */
  rawId: string | undefined;
  index: number;
  args: StreamedArguments;
}

export type FinishedReason = 'stop' | 'length' | 'toolUse';

export class ChunkAssembler {
  private open: OpenBlock | null = null;
  private tools: ToolState[] = [];
  private byIndex = new Map<number, ToolState>();
  private readonly thinkTags = new ThinkTagSplitter();
  /** reasoning-detail blocks by detail key, for fragments that arrive after their text */
  private readonly detailBlocks = new Map<string, ThinkingContent>();
  private finishReason: string | null = null;
  private usage: WireUsage | undefined;
  private timings: Timings | undefined;

  constructor(
    private readonly message: AssistantMessage,
    private readonly emit: (event: AssistantMessageEvent) => void,
    private readonly prices: ModelPrices | null,
  ) {}

  /** Takes one chunk; true when it carried model data (a delta, a finish reason, usage), not just keep-alive. */
  push(chunk: unknown): boolean {
    checkShape(chunk);
    // Usage comes in a final chunk with no choices, on the last choice chunk, or (some servers)
    // inside the last choice itself; llama.cpp's timings (its cached tokens) in that chunk or another.
    const timings = (chunk as ChunkExtras).timings;
    if (typeof timings === 'object' && timings !== null) this.timings = timings;
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices?.[0] as (ChatCompletionChunk.Choice & ChoiceExtras) | undefined;
    if (choice?.usage) this.usage = choice.usage;
    if (this.usage && (chunk.usage || choice?.usage || timings)) this.message.usage = readUsage(this.usage, this.timings, this.prices);
    if (!choice) return chunk.usage != null;
    const delta = (choice.delta ?? {}) as Delta;
    const details = delta.reasoning_details;
    // OpenRouter sends the same thinking in `reasoning` beside the details: it is shown once.
    const detailed = details ? this.appendDetails(details) : false;
    if (!detailed && delta.reasoning_content) this.appendBlock('thinking', delta.reasoning_content, 'reasoning_content');
    else if (!detailed && delta.reasoning) this.appendBlock('thinking', delta.reasoning, 'reasoning');
    const content = delta.content;
    if (typeof content === 'string') {
      if (content) for (const piece of this.thinkTags.push(content)) this.appendPiece(piece);
    } else if (content) this.appendParts(content);
    if (delta.refusal) this.appendBlock('text', delta.refusal);
    for (const fragment of delta.tool_calls ?? []) this.appendToolFragment(fragment);
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    return Boolean(
      content?.length ||
        delta.reasoning_content ||
        delta.reasoning ||
        details?.length ||
        delta.refusal ||
        delta.tool_calls?.length ||
        choice.finish_reason ||
        choice.usage,
    );
  }

  /** Array content (Mistral): thinking parts become thinking, text parts the answer, in order. */
  private appendParts(parts: ContentPart[]): void {
    for (const part of parts) {
      const thinking = partThinking(part);
      if (thinking) this.appendBlock('thinking', thinking, 'content_parts');
      const text = partText(part);
      if (text) for (const piece of this.thinkTags.push(text)) this.appendPiece(piece);
    }
  }

  /** Reasoning details, each kept as its own thinking block to be sent back as it came; true when one carried text. */
  private appendDetails(details: ReasoningDetail[]): boolean {
    let carried = false;
    for (const detail of details) {
      const kind = detailKind(detail);
      if (!kind) continue;
      const key = detailKey(detail);
      const text = detailText(detail);
      // A fragment without text (a signature, an id) belongs to its item even after other blocks began.
      const earlier = text ? undefined : this.detailBlocks.get(key);
      const block = earlier ?? (this.openBlock('thinking', 'reasoning_details', key).block as ThinkingContent);
      this.detailBlocks.set(key, block);
      if (kind === 'summary') block.summary = true;
      const sealed = sealDetail(detail, block.sealed);
      if (sealed) block.sealed = sealed;
      if (text) {
        this.appendBlock('thinking', text, 'reasoning_details', key);
        carried = true;
      }
    }
    return carried;
  }

  /** Closes every block, settles tool arguments, and returns the stop reason. */
  finish(): FinishedReason {
    for (const piece of this.thinkTags.flush()) this.appendPiece(piece);
    this.closeOpenBlock();
    for (const tool of this.tools) {
      tool.args.settle();
      this.emit({ type: 'toolcall_end', contentIndex: tool.index, toolCall: tool.call, partial: this.message });
    }
    const reason = mapFinishReason(this.finishReason, this.tools.length > 0);
    this.message.stopReason = reason;
    return reason;
  }

  private appendPiece(piece: Piece): void {
    this.appendBlock(piece.kind, piece.text, 'think_tag');
  }

  private appendBlock(kind: OpenBlock['kind'], delta: string, format?: ReasoningFormat, key?: string): void {
    const { block, index } = this.openBlock(kind, format, key);
    if (block.type === 'text') {
      block.text += delta;
      this.emit({ type: 'text_delta', contentIndex: index, delta, partial: this.message });
    } else {
      block.thinking += delta;
      this.emit({ type: 'thinking_delta', contentIndex: index, delta, partial: this.message });
    }
  }

  /** The open block if it is of this kind (and detail), else a new one. */
  private openBlock(kind: OpenBlock['kind'], format?: ReasoningFormat, key?: string): OpenBlock {
    if (this.open?.kind === kind && this.open.key === key) return this.open;
    this.closeOpenBlock();
    const block: TextContent | ThinkingContent =
      kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', ...(format ? { format } : {}) };
    this.message.content.push(block);
    this.open = { kind, block, index: this.message.content.length - 1, key };
    this.emit({ type: kind === 'text' ? 'text_start' : 'thinking_start', contentIndex: this.open.index, partial: this.message });
    return this.open;
  }

  private closeOpenBlock(): void {
    const open = this.open;
    if (!open) return;
    this.open = null;
    this.emit(blockEndEvent(open.block, open.index, this.message));
  }

  private appendToolFragment(fragment: ToolCallDelta): void {
    const tool = this.toolFor(fragment);
    const name = fragment.function?.name;
    if (name && !tool.call.name) tool.call.name = name;
    const args = fragment.function?.arguments;
    if (!args) return;
    tool.args.feed(args);
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
    const tool: ToolState = { call, rawId, index: this.message.content.length - 1, args: new StreamedArguments(call) };
    this.tools.push(tool);
    if (openaiIndex !== undefined) this.byIndex.set(openaiIndex, tool);
    this.emit({ type: 'toolcall_start', contentIndex: tool.index, partial: this.message });
    return tool;
  }
}

/** Unknown or missing reasons are not errors: the answer arrived, so it stopped (or wants its tools run). */
export function mapFinishReason(reason: string | null, hasToolCalls: boolean): FinishedReason {
  if (reason === 'length') return 'length';
  if (reason === 'tool_calls' || reason === 'function_call' || hasToolCalls) return 'toolUse';
  return 'stop';
}
