// Many new files (a workspace's first snapshot, a command that made a tree of them) go into the store
// as one pack, written by one `git fast-import` in one stream: `update-index --add` alone writes each as
// a loose object (20,000 files, 20,000 object files: seconds of system time). update-index then
// finds each blob already stored, and only records the files' stat data.
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { gitFed, type ShadowPaths } from './git.js';

/** Fewer new files than this go the usual way: a pack is not worth a process. */
export const PACK_FROM = 200;

/** Streams the blobs of `paths` (files and links of the work tree, relative) into one pack. */
export async function packBlobs(p: ShadowPaths, paths: readonly string[]): Promise<void> {
  await gitFed(p, ['fast-import', '--quiet', '--done'], async (write) => {
    for (const path of paths) {
      const abs = join(p.workTree, path);
      let bytes: Buffer;
      try {
        bytes = lstatSync(abs).isSymbolicLink() ? Buffer.from(readlinkSync(abs)) : readFileSync(abs);
      } catch {
        continue; // gone since it was listed: update-index says so
      }
      await write(`blob\ndata ${bytes.length}\n`);
      await write(bytes);
      await write('\n');
    }
    await write('done\n');
  });
}
