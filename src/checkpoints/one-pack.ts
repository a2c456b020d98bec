// Many new files (a workspace's first snapshot, a command that made a tree of them) go into the store
// as one pack, written by one `git fast-import` in one stream: `update-index --add` alone writes each as
// a loose object (20,000 files, 20,000 object files: seconds of system time). update-index then
// finds each blob already stored, and only records the files' stat data; for a first snapshot, tack
// writes the index itself from what the pack read (index-file.ts).
import { createHash } from 'node:crypto';
import { type BigIntStats, lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { gitFed, type ShadowPaths } from './git.js';
import type { IndexEntry } from './index-file.js';

const NEWLINE = Buffer.from('\n');
/** About this much file content goes to fast-import in one write. */
const BATCH_BYTES = 256 * 1024;

/** Fewer new files than this go the usual way: a pack is not worth a process. */
export const PACK_FROM = 200;

/**
 * Streams the blobs of `paths` (files and links of the work tree, relative) into one pack; returns
 * each one packed as an index entry (its stat taken just before it was read).
 */
export async function packBlobs(p: ShadowPaths, paths: readonly string[]): Promise<IndexEntry[]> {
  const packed: IndexEntry[] = [];
  await gitFed(p, ['fast-import', '--quiet', '--done'], async (write) => {
    // written in batches: three writes per small file cost more than reading it
    let batch: Buffer[] = [];
    let batched = 0;
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
      const id = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
      packed.push({ path, mode, id, stat });
      batch.push(Buffer.from(`blob\ndata ${bytes.length}\n`), bytes, NEWLINE);
      batched += bytes.length;
      if (batched >= BATCH_BYTES) {
        await write(Buffer.concat(batch));
        batch = [];
        batched = 0;
      }
    }
    batch.push(Buffer.from('done\n'));
    await write(Buffer.concat(batch));
  });
  return packed;
}
