// `@server:uri` in a message attaches that MCP resource: the mentions found in the text, and the
// resource's contents as a block appended to the message. Pure.
import { formatSize } from '../../../tools/format.js';
import { cleanText, truncateText } from './results.js';

export interface ResourceMention {
  server: string;
  uri: string;
  name: string;
  mimeType?: string;
}

/** The `@server:uri` mentions of `text` that name one of `servers`, in order, each once. */
export function findMentions(text: string, servers: readonly string[]): { server: string; uri: string }[] {
  const out: { server: string; uri: string }[] = [];
  for (const m of text.matchAll(/(?:^|\s)@([A-Za-z0-9_.-]+):(\S+)/g)) {
    const server = m[1]!;
    const uri = m[2]!.replace(/[.,;!?)]+$/, '');
    if (servers.includes(server) && !out.some((x) => x.server === server && x.uri === uri)) out.push({ server, uri });
  }
  return out;
}

/** A resource's contents as one block of text. */
export function resourceText(server: string, uri: string, contents: readonly { uri: string; mimeType?: string; text?: string; blob?: string }[]): string {
  const parts = contents.map((c) =>
    typeof c.text === 'string'
      ? cleanText(c.text)
      : `[binary content ${c.uri} (${c.mimeType ?? 'unknown type'}, ${formatSize(Math.floor(((c.blob ?? '').length * 3) / 4))}); not shown]`,
  );
  return `<resource server="${server}" uri="${cleanText(uri)}">\n${truncateText(parts.join('\n')).text}\n</resource>`;
}
