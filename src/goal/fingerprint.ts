// What the workspace looks like, in one hash: each file git would not ignore, by path, size and
// modification time. Two equal fingerprints mean nothing was written in between; ignored files
// (a test runner's caches, build output) do not count, so a check's own writes do not hide a stall.
import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { walkFiles } from '../../tools/fs/walk.js';

/** A walk stops here: a workspace larger than this is fingerprinted by its first files found. */
const MAX_FILES = 50_000;
const BATCH = 256;
const SKIP = new Set(['.git', 'node_modules']);

export async function workspaceFingerprint(cwd: string): Promise<string> {
  const files = (await walkFiles(cwd, { skip: SKIP, limit: MAX_FILES })).sort();
  const hash = createHash('sha256');
  for (let i = 0; i < files.length; i += BATCH) {
    const batch = files.slice(i, i + BATCH);
    const stats = await Promise.all(batch.map((f) => lstat(f, { bigint: true }).catch(() => undefined)));
    batch.forEach((file, j) => {
      const st = stats[j];
      hash.update(`${file}\0${st ? `${st.size}:${st.mtimeNs}:${st.ino}` : '-'}\n`);
    });
  }
  return hash.digest('hex');
}
