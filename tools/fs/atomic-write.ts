// Writes that never leave half a file: the tools' (temp file and rename, a link leading out refused)
// and tack's own files (settings, trust, tokens).
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ToolError } from '../errors.js';
import { isInside } from './paths.js';
import { realInside, realPathOf, realRoot } from './real-path.js';

export interface AtomicWriteOptions {
  /** the workspace root: a path written as inside it is written only where it really is inside it */
  root?: string;
  /** replace a symbolic link at the path with the file, instead of writing where the link points */
  replaceLink?: boolean;
}

/**
 * Writes a file so that readers see the old or the new content, never half of it: a temp file in the
 * same directory (same file system, so rename is atomic), then rename. Keeps the mode of the file it
 * replaces, creates missing parent directories, and writes through a symlink to its target, unless
 * that target leaves the workspace (then it throws before anything is created).
 */
export async function atomicWrite(path: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const target = options.replaceLink ? join(await realPathOf(dirname(path)), basename(path)) : await realPathOf(path);
  if (options.root && isInside(options.root, path) && !realInside(await realRoot(options.root), target)) {
    throw new ToolError(`${path} leads outside the workspace through a symbolic link (to ${target}); tack never writes through one`);
  }
  const directory = dirname(target);
  await mkdir(directory, { recursive: true });
  const mode = options.replaceLink
    ? undefined
    : await stat(target).then(
        (stats) => stats.mode & 0o7777,
        () => undefined,
      );
  const temp = join(directory, `.${basename(target)}.${randomBytes(6).toString('hex')}.tack-tmp`);
  try {
    await writeFile(temp, data, { flag: 'wx' });
    if (mode !== undefined) await chmod(temp, mode);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * A file tack keeps for itself (settings, trust, tokens, a git ref) written the same way, synchronously:
 * `<path>.<pid>.tmp` beside it, then renamed over it, so a crash never leaves half a file. Missing parent
 * directories are made (with `dirMode` if given); `mode` is the new file's (e.g. 0o600 for secrets).
 */
export function writeBesideSync(path: string, data: string, options: { mode?: number; dirMode?: number } = {}): void {
  mkdirSync(dirname(path), { recursive: true, ...(options.dirMode !== undefined ? { mode: options.dirMode } : {}) });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, data, options.mode !== undefined ? { mode: options.mode } : undefined);
  renameSync(temp, path);
}
