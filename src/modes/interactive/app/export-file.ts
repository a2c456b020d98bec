// /export [file]: the conversation as Markdown, into a new file (never over an existing one). Without
// a name it goes to $TACK_HOME/exports/, so nothing new appears in the repository's `git status`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expandHome } from '../../../config/paths.js';
import { conversationMarkdown } from '../../../session/file/export-markdown.js';
import type { Session } from '../../../session/session.js';

/** Writes the file; returns its path. Throws a one-sentence error when it exists or cannot be written. */
export function exportConversation(session: Session, name: string, now = new Date()): string {
  const messages = session.state.messages;
  if (messages.length === 0) throw new Error('nothing to export yet: the conversation is empty');
  const named = name.trim();
  const file = named
    ? resolve(session.config.cwd, expandHome(named))
    : join(session.config.home, 'exports', `tack-${now.toISOString().slice(0, 10)}-${session.id.slice(0, 8)}.md`);
  if (!named) mkdirSync(join(session.config.home, 'exports'), { recursive: true, mode: 0o700 });
  const text = conversationMarkdown(messages, { sessionId: session.id, model: session.model.id, cwd: session.config.cwd, exportedAt: now });
  try {
    writeFileSync(file, text, { flag: 'wx' });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new Error(`${file} already exists; give /export another file name`);
    throw new Error(`could not write ${file}: ${(err as Error).message}`);
  }
  return file;
}
