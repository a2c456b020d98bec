// An ACP prompt (content blocks) as tack's user message. Embedded context (a file the user attached
// in the editor) is inlined as a tagged block; a link to a resource is named, for the model to read.
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { ImageContent, TextContent, UserMessage } from '../../ai/types.js';

function part(block: ContentBlock): TextContent | ImageContent | undefined {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', data: block.data, mimeType: block.mimeType };
    case 'resource_link':
      return { type: 'text', text: `[${block.name}](${block.uri})` };
    case 'resource': {
      const r = block.resource;
      if ('text' in r) return { type: 'text', text: `\n<context uri="${r.uri}">\n${r.text}\n</context>` };
      return { type: 'text', text: `[binary resource ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}, not included]` };
    }
    default:
      return undefined;
  }
}

export function promptMessage(blocks: ContentBlock[]): UserMessage {
  const parts = blocks.map(part).filter((p): p is TextContent | ImageContent => p !== undefined);
  const onlyText = parts.every((p) => p.type === 'text');
  return {
    role: 'user',
    content: onlyText ? parts.map((p) => (p as TextContent).text).join('') : parts,
    timestamp: Date.now(),
  };
}
