// Writing for one of tack's own features: always a new file (or link) below the root, never over one
// and never through a link: the folders on the way are opened one by one without following links
// (folders.ts), missing ones made, and the file created in the last one held open.
import { closeSync, constants, lstatSync, openSync, readSync, rmdirSync, symlinkSync, unlinkSync, writeSync } from 'node:fs';
import { type Folder, inFolder, openFolder, partsOf } from './folders.js';
import { openOwn } from './read.js';
import { errnoOf, OwnFileError, refusalOf } from './refusal.js';

export interface WriteOptions {
  /** the new file's mode (before the umask); 0o644 unless given */
  mode?: number;
  /** the mode of folders made on the way (before the umask) */
  dirMode?: number;
}

/** Runs `work` on the last name of `rel`, looked up in its folder held open (folders made when `make`). */
function inParent<T>(root: string, rel: string, make: WriteOptions | undefined, doing: string, work: (at: string) => T): T {
  const parts = partsOf(rel);
  let folder: Folder | undefined;
  try {
    folder = openFolder(root, rel, parts.slice(0, -1), make && { mode: make.dirMode });
    return work(inFolder(folder, parts.at(-1)!));
  } catch (error) {
    throw refusalOf(root, rel, error, doing);
  } finally {
    if (folder) closeSync(folder.fd);
  }
}

/** Creates `rel` below `root` (never over anything there, a link included) and returns its descriptor. */
function createOwn(root: string, rel: string, o: WriteOptions): number {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  return inParent(root, rel, o, 'written', (at) => openSync(at, flags, o.mode ?? 0o644));
}

function writeAll(fd: number, data: Uint8Array): void {
  for (let at = 0; at < data.length; ) at += writeSync(fd, data, at, data.length - at);
}

/** Writes `data` as the new file `rel` below `root`. Throws OwnFileError (code EEXIST when the name is taken). */
export function writeOwn(root: string, rel: string, data: string | Uint8Array, o: WriteOptions = {}): void {
  const fd = createOwn(root, rel, o);
  try {
    writeAll(fd, typeof data === 'string' ? Buffer.from(data) : data);
  } finally {
    closeSync(fd);
  }
}

const CHUNK = 1024 * 1024;

/** Copies `rel` below `fromRoot` (read as `openOwn` reads) to a new file below `toRoot`, with its mode unless `o.mode`. */
export function copyOwn(fromRoot: string, toRoot: string, rel: string, o: WriteOptions = {}): void {
  const source = openOwn(fromRoot, rel);
  try {
    const target = createOwn(toRoot, rel, { ...o, mode: o.mode ?? Number(source.stat.mode & 0o777n) });
    try {
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(1, Number(source.stat.size))));
      for (let n = readSync(source.fd, buffer); n > 0; n = readSync(source.fd, buffer)) writeAll(target, buffer.subarray(0, n));
    } finally {
      closeSync(target);
    }
  } finally {
    closeSync(source.fd);
  }
}

/** Makes the symbolic link `rel` below `root` (pointing at `target`, which is not looked at). */
export function linkOwn(root: string, rel: string, target: string, o: WriteOptions = {}): void {
  inParent(root, rel, o, 'written', (at) => symlinkSync(target, at));
}

/**
 * Takes `rel` below `root` away: a file, a link (never what it points to) or an empty folder. `folder`
 * when a folder with files stands there; `absent` when nothing (or no folder on the way) does.
 */
export function removeOwn(root: string, rel: string): 'removed' | 'absent' | 'folder' {
  try {
    return inParent(root, rel, undefined, 'removed', (at) => {
      const st = lstatSync(at, { throwIfNoEntry: false });
      if (!st) return 'absent';
      if (!st.isDirectory()) unlinkSync(at);
      else if (!emptyRemoved(at)) return 'folder';
      return 'removed';
    });
  } catch (error) {
    if (error instanceof OwnFileError && error.code === 'ENOENT') return 'absent';
    throw error;
  }
}

function emptyRemoved(at: string): boolean {
  try {
    rmdirSync(at);
    return true;
  } catch (error) {
    if (errnoOf(error) === 'ENOTEMPTY' || errnoOf(error) === 'EEXIST') return false;
    throw error;
  }
}
