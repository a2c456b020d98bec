// A server's stderr goes to $TACK_HOME/logs/mcp-<server>.log, never to the terminal (it would tear
// the screen); `/mcp` and `tack mcp list` show the last lines. Written synchronously, chunk by chunk,
// so the last words of a server that just died are on disk when its state is reported.
import { appendFileSync, closeSync, mkdirSync, openSync, readSync, statSync, truncateSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { cleanText } from './results.js';

/** A file past this is started afresh, so a chatty server cannot fill the disk. */
const MAX_LOG_BYTES = 5 * 1024 * 1024;

export function logPath(home: string, server: string): string {
  return join(home, 'logs', `mcp-${server}.log`);
}

export class ServerLog {
  private ready = false;
  /** the last line the server itself wrote (its stderr), for a failure's reason */
  lastWords: string | undefined;

  constructor(readonly path: string) {}

  private write(data: string | Buffer): void {
    try {
      if (!this.ready) {
        mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
        try {
          if (statSync(this.path).size > MAX_LOG_BYTES) truncateSync(this.path, 0);
        } catch {
          // no log yet
        }
        this.ready = true;
      }
      appendFileSync(this.path, data, { mode: 0o600 });
    } catch {
      // a log that cannot be written must not take the server down
    }
  }

  line(text: string): void {
    this.write(`[${new Date().toISOString()}] ${text}\n`);
  }

  follow(stderr: Readable | null | undefined): void {
    stderr?.on('data', (chunk: Buffer) => {
      this.write(chunk);
      const last = cleanText(chunk.toString('utf8'))
        .split('\n')
        .filter((l) => l.trim() !== '')
        .at(-1);
      if (last) this.lastWords = last.trim().slice(0, 200);
    });
    stderr?.on('error', () => undefined);
  }

  /** The last `lines` lines, cleaned of escape sequences. */
  tail(lines = 10): string[] {
    try {
      const size = statSync(this.path).size;
      const want = Math.min(size, 16 * 1024);
      const fd = openSync(this.path, 'r');
      const buf = Buffer.alloc(want);
      try {
        readSync(fd, buf, 0, want, size - want);
      } finally {
        closeSync(fd);
      }
      return cleanText(buf.toString('utf8'))
        .split('\n')
        .filter((l) => l.trim() !== '')
        .slice(-lines);
    } catch {
      return [];
    }
  }
}
