// `@path` in a sent message: the files it names are attached (src/session/attachments); the
// message's own view lists them (view/messages.ts), and a file that could not go gets one sentence here.
import { attachMentioned, withAttachments } from '../../session/attachments/index.js';
import type { Session } from '../../session/session.js';
import { sendWithResources } from './mcp-view.js';
import { s, sym } from './style.js';
import { sanitize, wrapWithPrefix } from './text.js';
import type { Transcript } from './transcript.js';

/** The lines for mentions that named a file but did not attach it. Pure. */
export function refusedLines(refused: readonly string[], cols: number): string[] {
  return refused.flatMap((r) => wrapWithPrefix(sanitize(r), cols, `${sym('!', '!')} `, '  ').map((l) => s.yellow(l)));
}

/**
 * Sends `text` with the files it mentions attached, then MCP resources it mentions (those are
 * looked for in the typed text only: a file's contents never attach anything).
 */
export async function sendWithAttachments(session: Session, t: Transcript, text: string, o: { followUp: boolean }): Promise<void> {
  const servers = session.mcp?.specs.map((x) => x.name) ?? [];
  const a = await attachMentioned(session.config, session.model, text, servers);
  if (a.refused.length > 0) t.push(refusedLines(a.refused, t.width));
  return sendWithResources(session, text, (full) => session.send(withAttachments(full, a.parts), o));
}
