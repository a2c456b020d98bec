// The MCP resources a message mentions (`@server:uri`), read from their servers as text blocks that
// follow the message: what `@path` is for files.
import { findMentions } from '../../extensions/mcp/resources.js';
import type { SessionCore } from '../session-core.js';

export async function resourceBlocks(session: SessionCore, text: string): Promise<string[]> {
  const mcp = session.mcp;
  if (!mcp) return [];
  const mentions = findMentions(
    text,
    mcp.specs.map((s) => s.name),
  );
  return Promise.all(mentions.map((m) => mcp.readResource(m.server, m.uri)));
}
