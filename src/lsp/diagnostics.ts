// The session's language servers as edit and write see them (tools/context.ts DiagnosticsProvider):
// a server starts on the first change to a file of its language and stays for the session; each
// change is checked against the server's errors for the text before it, and only what it added is
// told, within a bounded wait. A server that crashes or hangs is named once, and the edits go on.
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DiagnosticsProvider } from '../../tools/context.js';
import { serverFor, type ServerSpec } from './languages.js';
import { findServer, launch, type LaunchOptions } from './launch.js';
import { describeIntroduced, introduced, type Problem } from './problems.js';
import { LanguageServer, ServerStopped } from './server.js';

export interface LanguageServersOptions extends LaunchOptions {
  /** how long a change waits for its errors before it says they are pending */
  waitMs: number;
  /** a request unanswered this long means the server hangs: it is stopped */
  hangMs?: number;
}

/** A file open in a server, and what the server last said of it. */
interface Document {
  uri: string;
  languageId: string;
  server: LanguageServer;
  /** the text the server has, and its errors (undefined: not asked yet, or the answer did not come) */
  text?: string;
  problems?: Problem[];
  /** one step at a time per file: a late answer comes before the next change is sent */
  queue: Promise<unknown>;
}

/** long: a cold server's first check of a project on a busy machine can take tens of seconds */
const DEFAULT_HANG_MS = 60_000;

export class LanguageServers implements DiagnosticsProvider {
  /** by command; null: not installed */
  private readonly servers = new Map<string, LanguageServer | null>();
  private readonly documents = new Map<string, Document>();
  /** servers that stopped and were not named yet */
  private untold: string[] = [];
  private closed = false;

  constructor(private readonly o: LanguageServersOptions) {}

  beforeChange(absolute: string, text: string | undefined): ((text: string) => Promise<string | undefined>) | undefined {
    const found = serverFor(absolute);
    const server = found && this.server(found.spec);
    if (!found || !server || server.stopped !== undefined) return this.untold.length > 0 ? async () => this.tell() : undefined;
    let doc = this.documents.get(absolute);
    if (!doc) {
      doc = { uri: pathToFileURL(absolute).href, languageId: found.languageId, server, queue: Promise.resolve() };
      this.documents.set(absolute, doc);
    }
    const open = doc;
    // the errors before the change: known already when the server has this very text
    const before = this.step(open, async () => {
      if (text === undefined) return [];
      if (open.text !== text || !open.problems) await this.check(open, text);
      return open.problems ?? [];
    });
    return async (next) => {
      const checked = this.step(open, async () => {
        const old = await before;
        await this.check(open, next);
        return introduced(old, open.problems ?? []);
      });
      const outcome = await this.within(checked);
      if (outcome === 'pending') return this.tell(`diagnostics pending: ${server.name} did not answer within ${this.o.waitMs / 1000} s`);
      if (outcome instanceof ServerStopped) return this.tell();
      return this.tell(describeIntroduced(relative(this.o.cwd, absolute), server.name, outcome));
    };
  }

  /** Sends `text` and waits for the server's errors of it. */
  private async check(doc: Document, text: string): Promise<void> {
    await doc.server.ready;
    doc.problems = undefined;
    const since = doc.server.lastSeq;
    const version = doc.server.send(doc.uri, doc.languageId, text);
    doc.text = text;
    doc.problems = await doc.server.errors(doc.uri, version, since);
  }

  private step<T>(doc: Document, work: () => Promise<T>): Promise<T> {
    const run = doc.queue.then(work, work);
    doc.queue = run.catch(() => {});
    return run;
  }

  /** The answer, 'pending' after the wait, or the server's end. */
  private async within(checked: Promise<Problem[]>): Promise<Problem[] | 'pending' | ServerStopped> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'pending'>((resolve) => {
      timer = setTimeout(() => resolve('pending'), this.o.waitMs);
    });
    try {
      return await Promise.race([checked, late]);
    } catch (error) {
      if (error instanceof ServerStopped) return error;
      // a server's refusal of one request says nothing of the change: no note
      return [];
    } finally {
      clearTimeout(timer);
    }
  }

  /** The notes of servers that stopped since the last one told, then `note`. */
  private tell(note?: string): string | undefined {
    const notes = [...this.untold, ...(note ? [note] : [])];
    this.untold = [];
    return notes.length > 0 ? notes.join('\n') : undefined;
  }

  private server(spec: ServerSpec): LanguageServer | undefined {
    if (this.closed) return undefined;
    const known = this.servers.get(spec.command);
    if (known !== undefined) return known ?? undefined;
    const path = findServer(this.o.cwd, spec.command);
    const server = path
      ? new LanguageServer(spec.command, launch(path, spec.args, this.o), this.o.cwd, this.o.hangMs ?? DEFAULT_HANG_MS, (why) =>
          this.untold.push(`${spec.command} stopped (${why}); no diagnostics from it for the rest of this session`),
        )
      : null;
    this.servers.set(spec.command, server);
    return server ?? undefined;
  }

  /** Ends every server (the session's end); resolves once their processes are gone. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.servers.values()].map((server) => server?.close()));
  }
}
