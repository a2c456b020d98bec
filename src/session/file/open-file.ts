// A Session's file while it is open: locked from the start, created on its first entry (opening the
// app and quitting leaves no empty session behind), the system prompt filed before an entry when it
// changed, and the lock released on close.
import type { SessionEntry, SessionHeader } from './entries.js';
import { lockSession, type SessionLock } from './lock.js';
import { SessionWriter } from './store.js';

/** What an entry is filed with: the file's header (on its first entry) and the prompt in force. */
export interface FilingContext {
  header: () => SessionHeader;
  prompt: () => { systemPrompt: string; instructions: string | undefined };
}

export class OpenSessionFile {
  private writer: SessionWriter | null = null;
  private lock: SessionLock | null;
  /** the message entries written since it opened (a checkpoint is marked by their count) */
  messages = 0;

  /** `resume`: an earlier session's file continued (`filedPrompt`: the prompt it holds); `torn` says where a crash's cut line went. */
  constructor(
    readonly path: string | null,
    private readonly context: FilingContext,
    resume?: { filedPrompt?: string; torn: (kept: string) => void },
  ) {
    this.lock = path ? lockSession(path) : null;
    if (resume && path) {
      const { writer, torn } = SessionWriter.reopen(path, resume.filedPrompt);
      this.writer = writer;
      if (torn) resume.torn(torn);
    }
  }

  write(entry: SessionEntry): void {
    if (!this.path) return;
    this.writer ??= SessionWriter.create(this.path, this.context.header());
    const { systemPrompt, instructions } = this.context.prompt();
    this.writer.keepPrompt(systemPrompt, instructions);
    this.writer.append(entry);
    if (entry.type === 'message') this.messages++;
  }

  close(): void {
    this.writer?.close();
    this.writer = null;
    this.lock?.release();
    this.lock = null;
  }
}
