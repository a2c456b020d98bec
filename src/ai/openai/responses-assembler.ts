// Turns Responses API stream events into our content blocks and stream events, the same ones the
// Chat assembler gives. Pure: no I/O. A reasoning item becomes a thinking block (its summary is
// the text; its id and encrypted content are kept to be sent back), a message's text a text block,
// a function call a tool call.
import { streamedError } from './api-error.js';
import { computeCost } from '../cost.js';
import type { AssistantMessage, AssistantMessageEvent, ModelPrices, TextContent, ThinkingContent, ToolCall } from '../types.js';
import type { FinishedReason } from './assembler.js';
import { ChunkShapeError } from './chunk-shape.js';
import type { StreamAssembler } from './stream.js';
import { blockEndEvent, StreamedArguments } from './streamed-parts.js';

/** The fields of the events read here; the SDK's union of ~60 event types is not needed for that. */
interface Event {
  type: string;
  item?: Item;
  item_id?: string;
  delta?: string;
  summary_index?: number;
  response?: { usage?: Usage | null; error?: { message?: string; code?: string } | null; incomplete_details?: { reason?: string } | null };
  message?: string;
  code?: string | null;
}

interface Item {
  type: string;
  id?: string;
  call_id?: string;
  name?: string;
  arguments?: string;
  encrypted_content?: string | null;
}

interface Usage {
  input_tokens?: number;
  output_tokens?: number;
  total_tokens?: number;
  input_tokens_details?: { cached_tokens?: number };
  output_tokens_details?: { reasoning_tokens?: number };
}

interface Open {
  block: TextContent | ThinkingContent;
  index: number;
  itemId: string | undefined;
}

interface ToolState {
  call: ToolCall;
  index: number;
  args: StreamedArguments;
}

export class ResponsesAssembler implements StreamAssembler {
  private open: Open | null = null;
  private readonly tools = new Map<string, ToolState>();
  private incomplete: string | undefined;

  constructor(
    private readonly message: AssistantMessage,
    private readonly emit: (event: AssistantMessageEvent) => void,
    private readonly prices: ModelPrices | null,
  ) {}

  push(raw: unknown): boolean {
    if (typeof raw !== 'object' || raw === null || typeof (raw as Event).type !== 'string') throw new ChunkShapeError('an event without a type');
    const event = raw as Event;
    switch (event.type) {
      case 'response.output_item.added':
        this.itemAdded(event.item);
        break;
      case 'response.reasoning_summary_part.added':
        // Summary parts are paragraphs of one summary.
        if (event.summary_index && this.open?.block.type === 'thinking' && this.open.block.thinking) this.append('thinking', event.item_id, '\n\n');
        break;
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        if (event.delta) this.append('thinking', event.item_id, event.delta);
        break;
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        if (event.delta) this.append('text', event.item_id, event.delta);
        break;
      case 'response.function_call_arguments.delta':
        if (event.delta) this.appendArguments(event.item_id, event.delta);
        break;
      case 'response.output_item.done':
        this.itemDone(event.item);
        break;
      case 'response.completed':
      case 'response.incomplete':
        if (event.response?.usage) this.setUsage(event.response.usage);
        if (event.type === 'response.incomplete') this.incomplete = event.response?.incomplete_details?.reason ?? 'incomplete';
        break;
      case 'response.failed':
        throw streamedError({ message: event.response?.error?.message ?? 'the response failed', code: event.response?.error?.code });
      case 'error':
        throw streamedError({ message: event.message ?? 'error', code: event.code });
    }
    return true;
  }

  finish(): FinishedReason {
    this.close();
    for (const tool of this.tools.values()) {
      tool.args.settle();
      this.emit({ type: 'toolcall_end', contentIndex: tool.index, toolCall: tool.call, partial: this.message });
    }
    const reason: FinishedReason = this.tools.size > 0 ? 'toolUse' : this.incomplete === 'max_output_tokens' ? 'length' : 'stop';
    this.message.stopReason = reason;
    return reason;
  }

  private itemAdded(item: Item | undefined): void {
    if (item?.type === 'reasoning') {
      // Opened at once: an item with no summary still carries encrypted reasoning to send back.
      this.openBlock('thinking', item.id);
    } else if (item?.type === 'function_call') {
      this.close();
      const call: ToolCall = { type: 'toolCall', id: item.call_id || item.id || `call_${this.tools.size}`, name: item.name ?? '', arguments: {} };
      this.message.content.push(call);
      const tool: ToolState = { call, index: this.message.content.length - 1, args: new StreamedArguments(call) };
      this.tools.set(item.id ?? call.id, tool);
      this.emit({ type: 'toolcall_start', contentIndex: tool.index, partial: this.message });
      if (item.arguments) this.appendArguments(item.id ?? call.id, item.arguments);
    }
  }

  private itemDone(item: Item | undefined): void {
    if (item?.type === 'reasoning') {
      const block = this.open?.itemId === item.id ? this.open?.block : undefined;
      if (block?.type === 'thinking' && item.encrypted_content) block.sealed = { ...block.sealed, encrypted: item.encrypted_content };
      this.close();
    } else if (item?.type === 'function_call') {
      const tool = this.tools.get(item.id ?? '');
      // Arguments that came whole, without deltas.
      if (tool && !tool.args.raw && item.arguments) this.appendArguments(item.id!, item.arguments);
    } else if (item?.type === 'message') this.close();
  }

  private append(kind: 'text' | 'thinking', itemId: string | undefined, delta: string): void {
    const open = this.open?.block.type === kind && this.open.itemId === itemId ? this.open : this.openBlock(kind, itemId);
    const { block, index } = open;
    if (block.type === 'text') {
      block.text += delta;
      this.emit({ type: 'text_delta', contentIndex: index, delta, partial: this.message });
    } else {
      block.thinking += delta;
      this.emit({ type: 'thinking_delta', contentIndex: index, delta, partial: this.message });
    }
  }

  private openBlock(kind: 'text' | 'thinking', itemId: string | undefined): Open {
    this.close();
    const block: TextContent | ThinkingContent =
      kind === 'text'
        ? { type: 'text', text: '' }
        : { type: 'thinking', thinking: '', format: 'responses', summary: true, ...(itemId ? { sealed: { id: itemId } } : {}) };
    this.message.content.push(block);
    this.open = { block, index: this.message.content.length - 1, itemId };
    this.emit({ type: kind === 'text' ? 'text_start' : 'thinking_start', contentIndex: this.open.index, partial: this.message });
    return this.open;
  }

  private close(): void {
    const open = this.open;
    if (!open) return;
    this.open = null;
    this.emit(blockEndEvent(open.block, open.index, this.message));
  }

  private appendArguments(itemId: string | undefined, delta: string): void {
    const tool = this.tools.get(itemId ?? '');
    if (!tool) return;
    tool.args.feed(delta);
    this.emit({ type: 'toolcall_delta', contentIndex: tool.index, delta, partial: this.message });
  }

  private setUsage(usage: Usage): void {
    const input = usage.input_tokens ?? 0;
    const output = usage.output_tokens ?? 0;
    const cacheRead = usage.input_tokens_details?.cached_tokens ?? 0;
    const reasoning = usage.output_tokens_details?.reasoning_tokens;
    const counts = { input, output, cacheRead };
    this.message.usage = {
      ...counts,
      ...(reasoning !== undefined ? { reasoning } : {}),
      totalTokens: usage.total_tokens ?? input + output,
      cost: computeCost(counts, this.prices),
    };
  }
}
