// Reads a file that a folder put there (settings, context files) the way a careful user would: on
// its real path, and only if that is inside the folder it belongs to, only a regular file, and never
// more than a cap, counted while reading. A repository's `AGENTS.md -> ~/.ssh/id_rsa` is refused
// before a byte is read; `-> /dev/zero` is not a regular file; a huge file stops at the cap.
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';

export type BoundedRead =
  | { ok: true; text: string /** the file holds more than the cap; `text` is its first `limit` bytes */; truncated: boolean; realPath: string }
  | { ok: false /** `missing`: nothing there (not an error for optional files) */; missing: boolean; problem: string };

export interface BoundedReadOptions {
  /** the most bytes read */
  limit: number;
  /** the real path must be inside this folder (itself resolved); undefined for the user's own files */
  within?: string;
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

export function readBounded(path: string, o: BoundedReadOptions): BoundedRead {
  let real: string;
  try {
    real = realpathSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, missing: code === 'ENOENT' || code === 'ENOTDIR', problem: code ?? String(err) };
  }
  if (o.within !== undefined) {
    let root = o.within;
    try {
      root = realpathSync(o.within);
    } catch {
      // a folder that is not there holds nothing: the check below refuses
    }
    if (!inside(root, real)) return { ok: false, missing: false, problem: `it leads to ${real}, outside ${root}` };
  }
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: the real path was swapped for a link
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (err) {
    return { ok: false, missing: false, problem: (err as NodeJS.ErrnoException).code ?? String(err) };
  }
  try {
    if (!fstatSync(fd).isFile()) return { ok: false, missing: false, problem: 'it is not a regular file' };
    const buffer = Buffer.alloc(o.limit + 1);
    let got = 0;
    for (let n = -1; n !== 0 && got < buffer.length; got += n) n = readSync(fd, buffer, got, buffer.length - got, null);
    const truncated = got > o.limit;
    return { ok: true, text: buffer.subarray(0, Math.min(got, o.limit)).toString('utf8'), truncated, realPath: real };
  } catch (err) {
    return { ok: false, missing: false, problem: (err as NodeJS.ErrnoException).code ?? String(err) };
  } finally {
    closeSync(fd);
  }
}
