// Session files on disk: where they live, appending entries as they happen, and loading them back.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../config/errors.js';
import { packageVersion, sessionsDir } from '../../config/paths.js';
import type { Message, ToolCall, ToolResultMessage } from '../../ai/types.js';
import { readLines, type RawLine } from './line-reader.js';
import { cutTornTail } from './torn-tail.js';
import { summaryMessage, type MessageEntry, type SessionEntry, type SessionHeader, type SystemPromptEntry } from './entries.js';
import type { TimelineRecord } from '../../checkpoints/records.js';
import { readTodoItems, type TodoItem } from '../todo/list.js';

/** `/work/my-app` -> `-work-my-app`: one folder of sessions per working directory. */
export function sessionFileName(created: Date, id: string): string {
  return `${created.toISOString().replace(/[:.]/g, '-')}_${id}.jsonl`;
}

/** The first line of a new session file. */
export function newHeader(id: string, cwd: string, model: string): SessionHeader {
  return { type: 'session', version: 1, id, created: new Date().toISOString(), cwd, model, tack_version: packageVersion() };
}

/** Appends entries synchronously, so a crash loses at most what was not finished yet. */
export class SessionWriter {
  private fd: number;

  private constructor(
    readonly path: string,
    fd: number,
    /** the system prompt the file holds (its latest `system` entry) */
    private filedPrompt?: string,
  ) {
    this.fd = fd;
  }

  static create(path: string, header: SessionHeader): SessionWriter {
    mkdirSync(join(path, '..'), { recursive: true });
    const writer = new SessionWriter(path, openSync(path, 'a', 0o600));
    writer.line(header);
    return writer;
  }

  /** `torn`: where a torn last line was kept, when a crash left one (torn-tail.ts). */
  static reopen(path: string, filedPrompt?: string): { writer: SessionWriter; torn?: string } {
    const torn = cutTornTail(path);
    return { writer: new SessionWriter(path, openSync(path, 'a'), filedPrompt), torn };
  }

  /** The system prompt a later `-c` reuses word for word: written when it is not the one the file holds. */
  keepPrompt(prompt: string, instructions: string | undefined): void {
    if (prompt === this.filedPrompt) return;
    this.filedPrompt = prompt;
    this.line({ type: 'system', prompt, ...(instructions && { instructions }) } satisfies SystemPromptEntry);
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
  /** the latest system prompt; absent in a file of a tack before it kept one */
  systemPrompt?: SystemPromptEntry;
  /** checkpoints and what tack wrote after its turns, in file order */
  timeline: TimelineRecord[];
  /** the conversation as it was at each checkpoint (index = number - 1), read when asked for */
  conversations: (() => Message[])[];
  warnings: string[];
  /** the todo list as last changed */
  todos: TodoItem[];
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

/** One message of the conversation, linked to the one before: a checkpoint keeps the conversation of its time. */
interface Link {
  prev: Link | null;
  raw?: RawLine;
  message?: Message;
}

function chain(messages: Message[]): Link | null {
  let head: Link | null = null;
  for (const message of messages) head = { prev: head, message };
  return head;
}

function unwind(head: Link | null, damaged: (no: number) => void): Message[] {
  const links: Link[] = [];
  for (let at = head; at; at = at.prev) links.push(at);
  const messages: Message[] = [];
  for (const link of links.reverse()) {
    if (link.message) {
      messages.push(link.message);
      continue;
    }
    const { bytes, no } = link.raw!;
    try {
      const entry = JSON.parse(bytes.toString('utf8')) as MessageEntry;
      if (entry.message && typeof entry.message === 'object' && 'role' in entry.message) messages.push(entry.message);
      else damaged(no);
    } catch {
      damaged(no);
    }
  }
  return messages;
}

export async function loadSession(path: string): Promise<LoadedSession> {
  if (!existsSync(path)) throw new UsageError(`no session file at ${path}`);
  let header: SessionHeader | undefined;
  let head: Link | null = null;
  let compactedCount = 0;
  let model = '';
  let todos: TodoItem[] = [];
  let systemPrompt: SystemPromptEntry | undefined;
  const timeline: TimelineRecord[] = [];
  const marks: { head: Link | null; compactedCount: number }[] = [];
  const warnings: string[] = [];
  const damaged = (no: number) => {
    const warning = `skipped a damaged line ${no} in ${path}`;
    if (!warnings.includes(warning)) warnings.push(warning);
  };
  for (const raw of readLines(path)) {
    if (startsWith(raw.bytes, MESSAGE_LINE)) {
      head = { prev: head, raw };
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
        head = { prev: head, raw };
        break;
      case 'model':
        model = entry.model;
        break;
      case 'system':
        if (typeof entry.prompt === 'string') systemPrompt = entry;
        break;
      case 'compaction':
        compactedCount += entry.messagesSummarized;
        head = chain([summaryMessage(entry.summary, entry.timestamp), ...entry.kept]);
        break;
      case 'checkpoint': {
        timeline.push(entry);
        let at = head;
        for (let k = 0; k < (entry.behind ?? 0) && at; k++) at = at.prev;
        marks.push({ head: at, compactedCount });
        break;
      }
      case 'written':
        timeline.push(entry);
        break;
      case 'todos':
        todos = readTodoItems(entry.items);
        break;
      case 'rewind': {
        const mark = marks[entry.checkpoint - 1];
        if (mark) ({ head, compactedCount } = mark);
        break;
      }
      default:
        break; // written by a newer tack: ignore
    }
  }
  if (!header) throw new UsageError(`${path} is not a tack session file (no header line)`);
  const messages = unwind(head, damaged);
  warnings.sort((a, b) => Number(a.match(/line (\d+)/)?.[1]) - Number(b.match(/line (\d+)/)?.[1]));
  const conversations = marks.map((mark) => () => answerOrphanToolCalls(unwind(mark.head, () => {})));
  return { header, messages: answerOrphanToolCalls(messages), compactedCount, model, systemPrompt, timeline, conversations, warnings, todos };
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
