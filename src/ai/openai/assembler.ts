// Turns Chat Completions stream chunks into our content blocks and stream events. Pure: no I/O.
// Every chunk costs O(chunk): text grows by appending, tool arguments go through the incremental
// parser, and lookups are by map.
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { computeCost } from '../cost.js';
import { PartialJsonParser, parseToolArguments } from '../partial-json.js';
import type { AssistantMessage, AssistantMessageEvent, ModelPrices, TextContent, ThinkingContent, ToolCall } from '../types.js';

type ToolCallDelta = NonNullable<ChatCompletionChunk.Choice.Delta['tool_calls']>[number];

/** Fields some servers add to a delta that the SDK's types do not know. */
interface DeltaExtras {
  reasoning_content?: string | null;
  reasoning?: string | null;
}

interface OpenBlock {
  kind: 'text' | 'thinking';
  block: TextContent | ThinkingContent;
  index: number;
}

interface ToolState {
  call: ToolCall;
  index: number;
  /** the argument text so far; parsed once, completely, at the end */
  raw: string;
  parser: PartialJsonParser;
}

export type FinishedReason = 'stop' | 'length' | 'toolUse';

export class ChunkAssembler {
  private open: OpenBlock | null = null;
  private tools: ToolState[] = [];
  private byIndex = new Map<number, ToolState>();
  private byId = new Map<string, ToolState>();
  private finishReason: string | null = null;

  constructor(
    private readonly message: AssistantMessage,
    private readonly emit: (event: AssistantMessageEvent) => void,
    private readonly prices: ModelPrices | null,
  ) {}

  push(chunk: ChatCompletionChunk): void {
    // Usage comes in a final chunk with no choices, or (some servers) on the last choice chunk.
    if (chunk.usage) this.setUsage(chunk.usage);
    const choice = chunk.choices?.[0];
    if (!choice) return;
    const delta = (choice.delta ?? {}) as ChatCompletionChunk.Choice.Delta & DeltaExtras;
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (reasoning) this.appendBlock('thinking', reasoning);
    if (delta.content) this.appendBlock('text', delta.content);
    if (delta.refusal) this.appendBlock('text', delta.refusal);
    for (const fragment of delta.tool_calls ?? []) this.appendToolFragment(fragment);
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
  }

  /** Closes every block, settles tool arguments, and returns the stop reason. */
  finish(): FinishedReason {
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

  private appendBlock(kind: OpenBlock['kind'], delta: string): void {
    if (this.open?.kind !== kind) {
      this.closeOpenBlock();
      const block: TextContent | ThinkingContent = kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '' };
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
   * Which call a fragment belongs to. Standard servers give every fragment an `index`; some omit it,
   * and some reuse index 0 for every call. A new id always means a new call; without index or id a
   * fragment continues the latest call.
   */
  private toolFor(fragment: ToolCallDelta): ToolState {
    const id = fragment.id || undefined;
    const index = typeof fragment.index === 'number' ? fragment.index : undefined;
    if (id && this.byId.has(id)) return this.byId.get(id)!;
    if (index !== undefined) {
      const known = this.byIndex.get(index);
      if (known && !id) return known;
    } else if (!id && this.tools.length) return this.tools[this.tools.length - 1]!;
    return this.startTool(id, index);
  }

  private startTool(id: string | undefined, openaiIndex: number | undefined): ToolState {
    this.closeOpenBlock();
    const call: ToolCall = { type: 'toolCall', id: id ?? `call_${this.tools.length}_${Date.now().toString(36)}`, name: '', arguments: {} };
    this.message.content.push(call);
    const tool: ToolState = { call, index: this.message.content.length - 1, raw: '', parser: new PartialJsonParser() };
    this.tools.push(tool);
    this.byId.set(call.id, tool);
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
