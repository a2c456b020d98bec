import { randomBytes } from 'node:crypto';
import { chmod, mkdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file so that readers see the old or the new content, never half of it: a temp file in the
 * same directory (same file system, so rename is atomic), then rename. Keeps the mode of the file it
 * replaces, creates missing parent directories, and writes through a symlink to its target.
 */
export async function atomicWrite(path: string, data: string | Uint8Array): Promise<void> {
  const target = await realpath(path).catch(() => path);
  const directory = dirname(target);
  await mkdir(directory, { recursive: true });
  const mode = await stat(target).then(
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
