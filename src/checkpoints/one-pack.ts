// Many new files (a workspace's first snapshot, a command that made a tree of them) go into the store
// as one pack, written by one `git fast-import` in one stream: `update-index --add` alone writes each as
// a loose object (20,000 files, 20,000 object files: seconds of system time). update-index then
// finds each blob already stored, and only records the files' stat data; for a first snapshot, tack
// writes the index itself from what the pack read (index-file.ts).
import { type BigIntStats, lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { gitFed, type ShadowPaths } from './git.js';
import type { IndexEntry } from './index-file.js';
import { writeObject } from './object-writer.js';

/** Fewer new files than this go the usual way: a pack is not worth a process. */
export const PACK_FROM = 200;

/**
 * Streams the blobs of `paths` (files and links of the work tree, relative) into one pack; returns
 * each one packed as an index entry (its stat taken just before it was read).
 */
export async function packBlobs(p: ShadowPaths, paths: readonly string[]): Promise<IndexEntry[]> {
  const packed: IndexEntry[] = [];
  await gitFed(p, ['fast-import', '--quiet', '--done'], async (write) => {
    for (const path of paths) {
      const abs = join(p.workTree, path);
      let bytes: Buffer;
      let stat: BigIntStats;
      try {
        stat = lstatSync(abs, { bigint: true });
        bytes = stat.isSymbolicLink() ? Buffer.from(readlinkSync(abs)) : readFileSync(abs);
      } catch {
        continue; // gone since it was listed: update-index says so
      }
      const mode = stat.isSymbolicLink() ? 0o120000 : (stat.mode & 0o100n) !== 0n ? 0o100755 : 0o100644;
      packed.push({ path, mode, id: writeObject(p.gitDir, 'blob', bytes, false), stat });
      await write(`blob\ndata ${bytes.length}\n`);
      await write(bytes);
      await write('\n');
    }
    await write('done\n');
  });
  return packed;
}
