// The text of a message's parts, read one way everywhere (views, transcripts, hooks, wire formats).
import type { ImageContent, TextContent, ThinkingContent, ToolCall } from './types.js';

export interface TextOfOptions {
  /** put between the parts' texts (default: nothing) */
  separator?: string;
  /** what an image counts as (default: it is left out) */
  image?: string;
}

/** The text parts joined (thinking and tool calls left out); a string content is its own text. */
export function textOf(content: string | readonly (TextContent | ImageContent | ThinkingContent | ToolCall)[], options: TextOfOptions = {}): string {
  if (typeof content === 'string') return content;
  const { separator = '', image } = options;
  return content.flatMap((c) => (c.type === 'text' ? [c.text] : c.type === 'image' && image !== undefined ? [image] : [])).join(separator);
}
