// A file system's error about one path, worded for the model: a sentence instead of an errno, and
// for a missing path the paths near it it most likely meant (similar.ts).
import { ToolError } from '../errors.js';
import type { ResolvedPath } from './paths.js';
import { notFoundMessage } from './similar.js';

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/** Turns a file-system error about `target` into a ToolError with a sentence instead of an errno. */
export async function explainFsError(error: unknown, target: ResolvedPath, root: string, noun = 'file'): Promise<unknown> {
  const shown = target.display;
  switch (errorCode(error)) {
    case 'ENOENT':
      return new ToolError(await notFoundMessage(target.absolute, root, noun));
    case 'EACCES':
    case 'EPERM':
      return new ToolError(`permission denied: ${shown}`);
    case 'EISDIR':
      return new ToolError(`${shown} is a directory, not a file; use ls to list it`);
    case 'ENOTDIR':
      return new ToolError(`${shown}: part of this path is a file, not a directory`);
    case 'ENOSPC':
      return new ToolError(`no space left on the device while writing ${shown}`);
    case 'EROFS':
      return new ToolError(`${shown} is on a read-only file system`);
    case 'ELOOP':
      return new ToolError(`${shown}: too many levels of symbolic links`);
    default:
      return error;
  }
}
