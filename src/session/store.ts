// Session files on disk: where they live, appending entries as they happen, and loading them back.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../config/errors.js';
import type { Message, ToolCall, ToolResultMessage } from '../ai/types.js';
import { readLines, type RawLine } from './line-reader.js';
import { summaryMessage, type MessageEntry, type SessionEntry, type SessionHeader } from './entries.js';

/** `/work/my-app` -> `-work-my-app`: one folder of sessions per working directory. */
export function cwdSlug(cwd: string): string {
  return resolve(cwd).replace(/[^A-Za-z0-9._-]/g, '-');
}

export function sessionsDir(home: string, cwd: string): string {
  return join(home, 'sessions', cwdSlug(cwd));
}

export function sessionFileName(created: Date, id: string): string {
  return `${created.toISOString().replace(/[:.]/g, '-')}_${id}.jsonl`;
}

/** Appends entries synchronously, so a crash loses at most what was not finished yet. */
export class SessionWriter {
  private fd: number;

  private constructor(
    readonly path: string,
    fd: number,
  ) {
    this.fd = fd;
  }

  static create(path: string, header: SessionHeader): SessionWriter {
    mkdirSync(join(path, '..'), { recursive: true });
    const writer = new SessionWriter(path, openSync(path, 'a', 0o600));
    writer.line(header);
    return writer;
  }

  static reopen(path: string): SessionWriter {
    return new SessionWriter(path, openSync(path, 'a'));
  }

  append(entry: SessionEntry): void {
    this.line(entry);
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }

  private line(value: unknown): void {
    if (this.fd < 0) return;
    writeSync(this.fd, `${JSON.stringify(value)}\n`);
  }
}

export interface LoadedSession {
  header: SessionHeader;
  /** what the model will see: the latest compaction summary (if any) and what follows it */
  messages: Message[];
  /** messages before the latest compaction, dropped from memory */
  compactedCount: number;
  /** the latest model in use */
  model: string;
  warnings: string[];
}

/** A toolCall with no recorded result (a crash mid-tool) gets one, so the next request is valid. */
export function answerOrphanToolCalls(messages: Message[]): Message[] {
  const answered = new Set(messages.filter((m): m is ToolResultMessage => m.role === 'toolResult').map((m) => m.toolCallId));
  const out: Message[] = [];
  let missing: ToolCall[] = [];
  // Results belong right after their call's message: fill the gaps before anything else follows.
  const fill = () => {
    for (const call of missing) {
      out.push({
        role: 'toolResult',
        toolCallId: call.id,
        toolName: call.name,
        content: [{ type: 'text', text: 'interrupted: no result was recorded' }],
        isError: true,
        timestamp: Date.now(),
      });
    }
    missing = [];
  };
  for (const m of messages) {
    if (m.role !== 'toolResult') fill();
    out.push(m);
    if (m.role === 'assistant') missing = m.content.filter((c): c is ToolCall => c.type === 'toolCall' && !answered.has(c.id));
  }
  fill();
  return out;
}

/** Message lines as the writer makes them: parsed only if no later compaction replaces them. */
const MESSAGE_LINE = Buffer.from('{"type":"message",');

const startsWith = (bytes: Buffer, prefix: Buffer) => bytes.length >= prefix.length && bytes.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;

export async function loadSession(path: string): Promise<LoadedSession> {
  if (!existsSync(path)) throw new UsageError(`no session file at ${path}`);
  let header: SessionHeader | undefined;
  let base: Message[] = [];
  let pending: RawLine[] = [];
  let compactedCount = 0;
  let model = '';
  const warnings: string[] = [];
  const damaged = (no: number) => warnings.push(`skipped a damaged line ${no} in ${path}`);
  for (const raw of readLines(path)) {
    if (startsWith(raw.bytes, MESSAGE_LINE)) {
      pending.push(raw);
      continue;
    }
    const line = raw.bytes.toString('utf8');
    if (!line.trim()) continue;
    let entry: SessionEntry | SessionHeader;
    try {
      entry = JSON.parse(line) as SessionEntry | SessionHeader;
    } catch {
      damaged(raw.no);
      continue;
    }
    switch (entry.type) {
      case 'session':
        header ??= entry;
        model ||= entry.model;
        break;
      case 'message':
        pending.push(raw);
        break;
      case 'model':
        model = entry.model;
        break;
      case 'compaction':
        compactedCount += entry.messagesSummarized;
        base = [summaryMessage(entry.summary, entry.timestamp), ...entry.kept];
        pending = [];
        break;
      default:
        break; // written by a newer tack: ignore
    }
  }
  if (!header) throw new UsageError(`${path} is not a tack session file (no header line)`);
  const messages = [...base];
  for (const { bytes, no } of pending) {
    try {
      const entry = JSON.parse(bytes.toString('utf8')) as MessageEntry;
      if (entry.message && typeof entry.message === 'object' && 'role' in entry.message) messages.push(entry.message);
      else damaged(no);
    } catch {
      damaged(no);
    }
  }
  warnings.sort((a, b) => Number(a.match(/line (\d+)/)?.[1]) - Number(b.match(/line (\d+)/)?.[1]));
  return { header, messages: answerOrphanToolCalls(messages), compactedCount, model, warnings };
}

export interface SessionInfo {
  path: string;
  id: string;
  created: Date;
  size: number;
}

/** The sessions in one folder, newest first (file names start with the creation time). */
export function listSessionsIn(dir: string): SessionInfo[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .reverse()
    .map((f) => {
      const path = join(dir, f);
      const [time, id = ''] = f.slice(0, -'.jsonl'.length).split('_');
      const iso = time.replace(/^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, '$1:$2:$3.$4Z');
      return { path, id, created: new Date(iso), size: statSync(path).size };
    });
}

/** The sessions of one working directory, newest first. */
export function listSessions(home: string, cwd: string): SessionInfo[] {
  return listSessionsIn(sessionsDir(home, cwd));
}
