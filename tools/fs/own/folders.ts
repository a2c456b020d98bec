// The folders on the way to a file tack writes, opened one at a time from the root and never through
// a link: each next name is looked up in the folder held open (through /proc/self/fd, Linux's openat
// for a path), so a folder swapped for a link after it was opened changes nothing. Where there is no
// /proc, names are joined onto the path, and a swap in that moment is not caught.
import { closeSync, constants, existsSync, mkdirSync, openSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { errnoOf, notAFolder, OwnFileError } from './refusal.js';

const FD_DIR = '/proc/self/fd';
let proc: boolean | undefined;

function hasProc(): boolean {
  proc ??= existsSync(FD_DIR);
  return proc;
}

/** A folder held open; `path` is how it was reached, for messages and where there is no /proc. */
export interface Folder {
  fd: number;
  path: string;
}

/** How to name `name` inside `folder` so that the lookup starts from the folder itself, not its path. */
export function inFolder(folder: Folder, name: string): string {
  return hasProc() ? `${FD_DIR}/${folder.fd}/${name}` : join(folder.path, name);
}

/** Where the kernel says an open file is, or undefined where it cannot tell. */
export function openedAt(fd: number): string | undefined {
  if (!hasProc()) return undefined;
  try {
    return readlinkSync(`${FD_DIR}/${fd}`);
  } catch {
    return undefined;
  }
}

/** The parts of `rel` when it is a plain relative path (no `..`, `.`, empty or absolute part), else a refusal. */
export function partsOf(rel: string): string[] {
  const parts = rel.split('/');
  if (rel.includes('\0') || parts.some((part) => part === '' || part === '.' || part === '..'))
    throw new OwnFileError(rel, 'not a plain path inside the folder');
  return parts;
}

const DIRECTORY = constants.O_RDONLY | constants.O_DIRECTORY;

/**
 * Opens the folder `parts` below `root`, step by step, refusing a link or a file in the way (for `rel`,
 * the path being worked on); with `make`, missing folders are made (with its mode). The caller closes it.
 */
export function openFolder(root: string, rel: string, parts: readonly string[], make?: { mode?: number }): Folder {
  let folder: Folder = { fd: openSync(root, DIRECTORY), path: root };
  try {
    for (const [i, part] of parts.entries()) {
      const next = step(folder, part, make);
      if (next === undefined) {
        const shown = parts.slice(0, i + 1).join('/');
        const why = notAFolder(inFolder(folder, part), shown);
        throw why ? new OwnFileError(rel, why) : new OwnFileError(rel, `its folder ${shown} does not exist`, 'ENOENT');
      }
      closeSync(folder.fd);
      folder = next;
    }
    return folder;
  } catch (error) {
    closeSync(folder.fd);
    throw error;
  }
}

/** The folder `part` in `folder`, made when missing and asked to; undefined when something else stands there. */
function step(folder: Folder, part: string, make: { mode?: number } | undefined): Folder | undefined {
  const at = inFolder(folder, part);
  const open = () => ({ fd: openSync(at, DIRECTORY | constants.O_NOFOLLOW), path: join(folder.path, part) });
  try {
    return open();
  } catch (error) {
    const code = errnoOf(error);
    if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'ELOOP') throw error;
    if (code !== 'ENOENT' || !make) return undefined;
  }
  try {
    mkdirSync(at, make.mode === undefined ? undefined : { mode: make.mode });
  } catch (error) {
    if (errnoOf(error) !== 'EEXIST') throw error;
  }
  try {
    return open();
  } catch {
    return undefined;
  }
}
