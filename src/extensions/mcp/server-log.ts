// A server's stderr goes to $TACK_HOME/logs/mcp-<server>.log, never to the terminal (it would tear
// the screen); `/mcp` and `tack mcp list` show the last lines. Written synchronously, chunk by chunk,
// so the last words of a server that just died are on disk when its state is reported. The size is
// counted while writing: a chatty server's log is started afresh whenever it would pass the cap.
import { appendFileSync, closeSync, mkdirSync, openSync, readSync, statSync, truncateSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { cleanText } from './results.js';

/** A file that would pass this is started afresh, so a chatty server cannot fill the disk. */
export const MAX_LOG_BYTES = 5 * 1024 * 1024;

export function logPath(home: string, server: string): string {
  return join(home, 'logs', `mcp-${server}.log`);
}

export class ServerLog {
  /** the file's size, once it was looked at */
  private size: number | undefined;
  /** the last line the server itself wrote (its stderr), for a failure's reason */
  lastWords: string | undefined;

  constructor(readonly path: string) {}

  private write(data: string | Buffer): void {
    try {
      if (this.size === undefined) {
        mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
        try {
          this.size = statSync(this.path).size;
        } catch {
          this.size = 0;
        }
      }
      let bytes = typeof data === 'string' ? Buffer.from(data) : data;
      if (this.size + bytes.length > MAX_LOG_BYTES) {
        // one chunk larger than the cap keeps its end, the newest words
        if (bytes.length > MAX_LOG_BYTES / 2) bytes = bytes.subarray(bytes.length - MAX_LOG_BYTES / 2);
        if (this.size > 0) truncateSync(this.path, 0);
        this.size = 0;
      }
      appendFileSync(this.path, bytes, { mode: 0o600 });
      this.size += bytes.length;
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
