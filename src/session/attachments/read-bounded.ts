// Reading a file the user attached, on its real path: a regular file opened without following a
// link, checked again after opening (where the kernel says it is), and read only as far as needed.
import { constants } from 'node:fs';
import { open, readlink, type FileHandle } from 'node:fs/promises';
import { realInside, realRoot } from '../../../tools/fs/real-path.js';

export interface OpenedFile {
  handle: FileHandle;
  size: number;
}

/**
 * Opens `real` (a path whose links are resolved) if it is a regular file still inside the workspace
 * once open: a link swapped in after the check is not followed, and where /proc tells the opened
 * file's path, a folder renamed on the way is caught too. Undefined for anything else.
 */
export async function openInside(root: string, real: string): Promise<OpenedFile | undefined> {
  const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => real);
    if (info.isFile() && info.nlink <= 1 && realInside(await realRoot(root), opened)) return { handle, size: info.size };
  } catch {
    // falls through to closing: an unreadable file is not attached
  }
  await handle.close();
  return undefined;
}

/** Up to `max` bytes from the start of the file. */
export async function readHead(handle: FileHandle, max: number): Promise<Buffer> {
  const buffer = Buffer.alloc(max);
  let filled = 0;
  while (filled < max) {
    const { bytesRead } = await handle.read(buffer, filled, max - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}
