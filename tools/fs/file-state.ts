// What the model has read or written this session, so `write` never overwrites a file the model has
// not seen or the user has changed since.
import type { Stats } from 'node:fs';

interface Seen {
  size: number;
  mtimeMs: number;
}

/**
 * What the agent has read or written in this session (per `createTools` instance): path, size and
 * mtime. `write` consults it so it never overwrites a file the model has not seen, or one the user
 * changed in their editor since the model last looked.
 */
export class FileState {
  private readonly seen = new Map<string, Seen>();

  remember(absolute: string, stats: Pick<Stats, 'size' | 'mtimeMs'>): void {
    this.seen.set(absolute, { size: stats.size, mtimeMs: stats.mtimeMs });
  }

  /** Why overwriting the existing file would be unsafe, or undefined when it is fine. */
  overwriteProblem(absolute: string, current: Pick<Stats, 'size' | 'mtimeMs'>, shown: string): string | undefined {
    const seen = this.seen.get(absolute);
    if (!seen) return `${shown} already exists and has not been read in this session; read it first, then write`;
    if (seen.size !== current.size || seen.mtimeMs !== current.mtimeMs) {
      return `${shown} changed on disk since it was last read (probably edited by the user); read it again, then write`;
    }
    return undefined;
  }
}
