// An MCP tool result as the model's tool result: text, images, resource links and embedded
// resources become content; `isError` stays an error; structured content is shown as JSON when
// there is no text; terminal escapes are removed and long text is cut like bash output. Pure.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AgentToolResult } from '../../agent/types.js';
import type { ImageContent, TextContent } from '../../ai/types.js';
import { cleanTerminalText, HEAD_LINES, headOf, MAX_OUTPUT_BYTES, TAIL_LINES, tailOf } from '../../../tools/shell/output.js';
import { formatSize } from '../../../tools/format.js';

/** An image larger than this (base64 characters) is described, not sent. */
export const MAX_IMAGE_CHARS = 8 * 1024 * 1024;
const HEAD_BYTES = 10 * 1024;

export interface McpResultDetails {
  server: string;
  tool: string;
  /** bytes of text cut from the middle, when the result was too long */
  cutBytes?: number;
}

/** What a terminal must never receive from a server: escape sequences and other control characters. */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return cleanTerminalText(text).replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, '');
}

/** The head and tail of a long text around a note saying how much was cut. */
export function truncateText(text: string): { text: string; cutBytes: number } {
  const bytes = Buffer.byteLength(text);
  const lines = text.split('\n').length;
  if (bytes <= MAX_OUTPUT_BYTES && lines <= HEAD_LINES + TAIL_LINES) return { text, cutBytes: 0 };
  const head = headOf(text, HEAD_LINES, HEAD_BYTES);
  const tail = tailOf(text, TAIL_LINES, MAX_OUTPUT_BYTES - HEAD_BYTES);
  const cut = Math.max(0, bytes - Buffer.byteLength(head) - Buffer.byteLength(tail));
  const omittedLines = Math.max(0, lines - head.split('\n').length - tail.split('\n').length);
  const note = `[… ${omittedLines} lines (${formatSize(cut)}) of the tool's ${formatSize(bytes)} result omitted here]`;
  return { text: `${head}\n\n${note}\n\n${tail}`, cutBytes: cut };
}

type Block = CallToolResult['content'][number];

function resourceText(r: { uri: string; mimeType?: string; text?: string; blob?: string }): string {
  if (typeof r.text === 'string') return `Resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}:\n${r.text}`;
  const size = typeof r.blob === 'string' ? formatSize(Math.floor((r.blob.length * 3) / 4)) : 'unknown size';
  return `[binary resource ${r.uri} (${r.mimeType ?? 'unknown type'}, ${size}); not shown]`;
}

function convertBlock(block: Block): TextContent | ImageContent {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      if (typeof block.data !== 'string' || block.data.length > MAX_IMAGE_CHARS || !/^image\//.test(block.mimeType ?? '')) {
        return { type: 'text', text: `[the tool returned an image (${block.mimeType ?? 'unknown type'}) too large or malformed to pass on]` };
      }
      return { type: 'image', data: block.data, mimeType: block.mimeType };
    case 'audio':
      return { type: 'text', text: `[the tool returned audio (${block.mimeType}); tack does not pass audio to the model]` };
    case 'resource_link':
      return {
        type: 'text',
        text: `Resource link: ${block.name} ${block.uri}${block.mimeType ? ` (${block.mimeType})` : ''}${block.description ? ` — ${block.description}` : ''}`,
      };
    case 'resource':
      return { type: 'text', text: resourceText(block.resource as { uri: string; mimeType?: string; text?: string; blob?: string }) };
    default:
      return { type: 'text', text: `[a content block of an unknown type (${String((block as { type?: unknown }).type)})]` };
  }
}

/** The result the model gets for one MCP call. */
export function convertResult(result: CallToolResult, details: Omit<McpResultDetails, 'cutBytes'>): AgentToolResult<McpResultDetails> {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const converted = blocks.map(convertBlock);
  const hasText = converted.some((c) => c.type === 'text' && c.text.trim() !== '');
  if (!hasText && result.structuredContent !== undefined) {
    converted.unshift({ type: 'text', text: JSON.stringify(result.structuredContent, null, 2) });
  }
  const images = converted.filter((c): c is ImageContent => c.type === 'image');
  // one text block: the model reads it as one answer, and truncation counts it whole
  const texts = converted.map((c) =>
    c.type === 'text' ? cleanText(c.text) : `[the tool returned an image (${c.mimeType}, ${formatSize(Math.floor((c.data.length * 3) / 4))})]`,
  );
  let text = texts.join('\n');
  if (text.trim() === '' && images.length === 0) text = result.isError ? 'the tool failed without saying why' : '(the tool returned nothing)';
  const { text: shown, cutBytes } = truncateText(text);
  const content: (TextContent | ImageContent)[] = [{ type: 'text', text: shown }, ...images];
  return { content, isError: result.isError === true, details: cutBytes > 0 ? { ...details, cutBytes } : details };
}
