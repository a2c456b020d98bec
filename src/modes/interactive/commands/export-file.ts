// /export [file]: the conversation as Markdown, into a new file (never over an existing one). Without
// a name it goes to $TACK_HOME/exports/, so nothing new appears in the repository's `git status`. A
// name in the workspace is written as tack writes its own files (tools/fs/own): never through a link,
// so a folder that links out of the workspace is refused.
import { dirname, join, relative, resolve } from 'node:path';
import { expandHome } from '../../../../tools/fs/paths.js';
import { isInside } from '../../../../tools/fs/paths.js';
import { OwnFileError, writeOwn } from '../../../../tools/fs/own/index.js';
import { conversationMarkdown } from '../../../session/file/export-markdown.js';
import type { Session } from '../../../session/session.js';

/** Writes the file; returns its path. Throws a one-sentence error when it exists or cannot be written. */
export function exportConversation(session: Session, name: string, now = new Date()): string {
  const messages = session.view().state.messages;
  if (messages.length === 0) throw new Error('nothing to export yet: the conversation is empty');
  const named = name.trim();
  const { cwd, home } = session.view().config;
  const file = named ? resolve(cwd, expandHome(named)) : join(home, 'exports', `tack-${now.toISOString().slice(0, 10)}-${session.view().id.slice(0, 8)}.md`);
  // outside the workspace, the folder the user named is theirs to have reached through links
  const root = !named ? home : isInside(cwd, file) ? cwd : dirname(file);
  const text = conversationMarkdown(messages, { sessionId: session.view().id, model: session.view().model.id, cwd, exportedAt: now });
  try {
    writeOwn(root, relative(root, file), text, named ? {} : { dirMode: 0o700 });
  } catch (err) {
    if (err instanceof OwnFileError && err.code === 'EEXIST') throw new Error(`${file} already exists; give /export another file name`);
    throw new Error(`could not write ${file}: ${err instanceof OwnFileError ? err.reason : (err as Error).message}`);
  }
  return file;
}
