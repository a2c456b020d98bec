// Many new files (a workspace's first snapshot, a command that made a tree of them) go into the store
// as one pack, written by one `git fast-import` in one stream: `update-index --add` alone writes each as
// a loose object (20,000 files, 20,000 object files: seconds of system time). update-index then
// finds each blob already stored, and only records the files' stat data; for a first snapshot, tack
// writes the index itself from what the pack read (index-file.ts).
import { type BigIntStats, closeSync, lstatSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { openOwn, readHead } from '../../tools/fs/own/index.js';
import { gitFed, type ShadowPaths } from './git.js';
import type { IndexEntry } from './index-file.js';
import { objectId } from './object-writer.js';

const NEWLINE = Buffer.from('\n');
/** About this much file content goes to fast-import in one write. */
const BATCH_BYTES = 256 * 1024;

/** Fewer new files than this go the usual way: a pack is not worth a process. */
export const PACK_FROM = 200;

/** A file's stat and bytes, read through one descriptor (the stat is of the very file read); a link's target. */
function readEntry(root: string, path: string, link: boolean): { stat: BigIntStats; bytes: Buffer } {
  if (link) return { stat: lstatSync(join(root, path), { bigint: true }), bytes: Buffer.from(readlinkSync(join(root, path))) };
  const { fd, stat } = openOwn(root, path);
  try {
    // the size the stat gave: a file that changes after it is found changed by the next walk
    return { stat, bytes: readHead(fd, Number(stat.size)) };
  } finally {
    closeSync(fd);
  }
}

/**
 * Streams the blobs of `paths` (files and links of the work tree, relative; `links` says which are
 * links) into one pack; returns each one packed as an index entry (its stat taken as it was read).
 */
export async function packBlobs(p: ShadowPaths, paths: readonly string[], links: ReadonlySet<string> = new Set()): Promise<IndexEntry[]> {
  const packed: IndexEntry[] = [];
  await gitFed(p, ['fast-import', '--quiet', '--done'], async (write) => {
    // written in batches: three writes per small file cost more than reading it
    let batch: Buffer[] = [];
    let batched = 0;
    for (const path of paths) {
      let read: { stat: BigIntStats; bytes: Buffer };
      try {
        read = readEntry(p.workTree, path, links.has(path));
      } catch {
        continue; // gone, changed kind or out of reach since it was listed: update-index says so
      }
      const { stat, bytes } = read;
      const mode = stat.isSymbolicLink() ? 0o120000 : (stat.mode & 0o100n) !== 0n ? 0o100755 : 0o100644;
      packed.push({ path, mode, id: objectId('blob', bytes), stat });
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
