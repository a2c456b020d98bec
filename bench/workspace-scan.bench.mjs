// The walk the sandbox makes before each command (secret files to mask, nested repositories to
// protect), on a tree an attacker would pick: 20,000 source files in 1,000 folders and one data folder
// of 100,000 files. The walk has no entry limit any more; what it keeps of each folder makes every
// later scan one stat per folder. Prints the first scan and the median of later ones (nothing
// changed; one file added). Figures, not assertions.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtinSecretTest } from '../dist/tools/fs/secret-files.js';
import { WorkspaceScanner } from '../dist/tools/sandbox/workspace-scan.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const root = mkdtempSync(join(tmpdir(), 'tack-bench-scan-'));
for (let d = 0; d < 1000; d++) {
  const dir = join(root, 'src', `m${d % 50}`, `d${d}`);
  mkdirSync(dir, { recursive: true });
  for (let f = 0; f < 20; f++) writeFileSync(join(dir, `f${f}.ts`), '');
}
mkdirSync(join(root, 'data'));
for (let f = 0; f < 100_000; f++) writeFileSync(join(root, 'data', `r${f}.json`), '');
writeFileSync(join(root, 'src', 'm1', '.env'), 'X=1');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = (fn) => {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
};

// back-dated past the scanner's 2 s racy window, as a tree that was not just written
await new Promise((r) => setTimeout(r, 2100));
const scanner = new WorkspaceScanner(root, builtinSecretTest);
const first = time(() => scanner.scan());
const unchanged = median(Array.from({ length: RUNS }, () => time(() => scanner.scan())));
const added = median(
  Array.from({ length: RUNS }, (_, i) =>
    time(() => {
      writeFileSync(join(root, 'src', 'm3', 'd3', `new${i}.ts`), '');
      scanner.scan();
    }),
  ),
);
const fresh = median(Array.from({ length: 5 }, () => time(() => new WorkspaceScanner(root, builtinSecretTest).scan())));
console.log('workspace scan, 120,000 files in 1,052 folders (ms)');
console.log(`  first scan          ${first.toFixed(1)}`);
console.log(`  fresh scanner       ${fresh.toFixed(1)}  (median of 5: what every command paid without the cache)`);
console.log(`  nothing changed     ${unchanged.toFixed(1)}  (median of ${RUNS})`);
console.log(`  one file added      ${added.toFixed(1)}  (median of ${RUNS}; the changed folder is read again)`);
rmSync(root, { recursive: true, force: true });
