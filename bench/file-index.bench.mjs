// The `@` completion list in a folder far larger than a project (tack started in a home folder):
// 120,000 empty files in 600 folders, outside a repository and inside one. The list stops at its
// limit (50,000); the figures are the time to the list and the memory the process holds after.
// For the record, on the 2-core machine where the limit became a stop: the whole listing it replaced
// took 11.6 s and 864 MB in a home folder of 131,000 entries, 55 s and 2.3 GB at `/`.
// Run after `npm run build`. The tree is made in the OS temp dir and removed afterwards.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileIndex } from '../dist/src/modes/interactive/complete/file-index.js';

const root = mkdtempSync(join(tmpdir(), 'tack-bench-file-index-'));
try {
  for (let d = 0; d < 600; d++) {
    const dir = join(root, `d${d}`);
    mkdirSync(dir);
    for (let f = 0; f < 200; f++) writeFileSync(join(dir, `f${f}.txt`), '');
  }
  for (const where of ['outside a repository', 'in a repository']) {
    if (where === 'in a repository') execFileSync('git', ['init', '-q'], { cwd: root });
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const index = new FileIndex(root);
    await index.refresh();
    const ms = performance.now() - started;
    const held = (process.memoryUsage().rss - rss) / 1048576;
    console.log(`120,000 files, ${where}: ${index.get().length} paths listed in ${ms.toFixed(0)} ms, ${held.toFixed(0)} MB more held`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
