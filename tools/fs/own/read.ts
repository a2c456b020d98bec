// Reading a file for one of tack's own features: a regular file opened without following a link,
// then checked where the kernel says it is: exactly `rel` below the root's real path, so no link on
// the way was followed, nor a folder swapped for one. A file with other names (hard links) is
// refused: one of them may be a secret anywhere on the same disk.
import { type BigIntStats, closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { openedAt, partsOf } from './folders.js';
import { linkOnTheWay, OwnFileError, refusalOf } from './refusal.js';

export interface OwnFile {
  fd: number;
  stat: BigIntStats;
}

/** A regular file with more than one name: the others may be anywhere, so nothing vouches for its bytes. */
export function hasOtherNames(st: { isFile(): boolean; nlink: number | bigint }): boolean {
  return st.isFile() && Number(st.nlink) > 1;
}

const realRoots = new Map<string, string>();

/** Whether `opened` is `rel` below the root's real path (looked up once per root, again if it moved). */
function isAt(opened: string, root: string, rel: string): boolean {
  const known = realRoots.get(root);
  if (known !== undefined && opened === join(known, rel)) return true;
  const real = realpathSync.native(root);
  realRoots.set(root, real);
  return opened === join(real, rel);
}

/** Opens `rel` (a plain relative path) below `root` for reading; the caller closes `fd`. Throws OwnFileError. */
export function openOwn(root: string, rel: string): OwnFile {
  partsOf(rel);
  const path = join(root, rel);
  let fd: number;
  try {
    // non-blocking: a named pipe planted under a file's name must not hang the open
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    throw refusalOf(root, rel, error, 'read');
  }
  try {
    const stat = fstatSync(fd, { bigint: true });
    if (!stat.isFile()) throw new OwnFileError(rel, 'not a regular file');
    if (!isAt(openedAt(fd) ?? realpathSync.native(path), root, rel)) throw new OwnFileError(rel, linkOnTheWay(root, rel));
    if (hasOtherNames(stat)) throw new OwnFileError(rel, `one of ${stat.nlink} hard links to one file, whose other names may be outside (a secret, say)`);
    return { fd, stat };
  } catch (error) {
    closeSync(fd);
    throw refusalOf(root, rel, error, 'read');
  }
}

/** Up to `max` bytes from the start of an open file. */
export function readHead(fd: number, max: number): Buffer {
  const buffer = Buffer.allocUnsafe(max);
  let filled = 0;
  for (let n = 1; filled < max && n > 0; filled += n) n = readSync(fd, buffer, filled, max - filled, filled);
  return buffer.subarray(0, filled);
}

/** The whole of `rel` below `root`, read as `openOwn` opens it. Throws OwnFileError. */
export function readOwn(root: string, rel: string): Buffer {
  const { fd, stat } = openOwn(root, rel);
  try {
    return readHead(fd, Number(stat.size));
  } finally {
    closeSync(fd);
  }
}
