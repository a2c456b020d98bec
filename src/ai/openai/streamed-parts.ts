// What both wire formats' assemblers (Chat Completions, Responses) do alike: a tool call's arguments
// parsed as they stream and once, completely, at the end; and the event that ends a text or
// thinking block.
import { PartialJsonParser, parseToolArguments } from '../partial-json.js';
import type { AssistantMessage, AssistantMessageEvent, TextContent, ThinkingContent, ToolCall } from '../types.js';

export class StreamedArguments {
  /** the argument text so far */
  raw = '';
  private readonly parser = new PartialJsonParser();

  constructor(readonly call: ToolCall) {}

  /** Another fragment: the call's arguments are what parses of the text so far. */
  feed(delta: string): void {
    this.raw += delta;
    this.parser.feed(delta);
    this.call.arguments = this.parser.value();
  }

  /** The whole text parsed once; arguments that do not parse are kept, quoted, for the model to correct. */
  settle(): void {
    const parsed = parseToolArguments(this.raw);
    if (parsed.ok) this.call.arguments = parsed.value;
    else {
      // The agent loop reports this to the model, quoting what it sent, so it can correct itself.
      this.call.arguments = {};
      this.call.invalidArguments = { raw: this.raw, error: parsed.error };
    }
  }
}

export function blockEndEvent(block: TextContent | ThinkingContent, contentIndex: number, partial: AssistantMessage): AssistantMessageEvent {
  return block.type === 'text'
    ? { type: 'text_end', contentIndex, content: block.text, partial }
    : { type: 'thinking_end', contentIndex, content: block.thinking, partial };
}
