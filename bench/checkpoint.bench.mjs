// checkpoints: one snapshot of a workspace of 20,000 and of 100,000 small files with 10 of them
// changed (the median of several), a snapshot with nothing changed, and the first snapshot of a new
// workspace (every file copied; the app takes it in the background after its first screen).
// Run after `npm run build`. The trees are made in the OS temp dir and removed afterwards.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckpointStore } from '../dist/src/checkpoints/store.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const CHANGED = 10;

function makeTree(root, files) {
  const perDir = 100;
  for (let i = 0; i < files; i++) {
    const dir = join(root, `d${Math.floor(i / (perDir * 20))}`, `s${Math.floor(i / perDir) % 20}`);
    if (i % perDir === 0) mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `f${i}.ts`), `export const v${i} = ${i};\n// a line of ordinary source text for file ${i}\n`);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;

async function bench(files) {
  const base = mkdtempSync(join(tmpdir(), 'tack-ckpt-bench-'));
  try {
    const ws = join(base, 'ws');
    const home = join(base, 'home');
    mkdirSync(ws);
    makeTree(ws, files);
    // 100,000 files is over the default limit (checkpoints.maxFiles): as for a user who raised it
    const store = new CheckpointStore(home, ws, undefined, { files: Infinity, bytes: Infinity });
    let t0 = process.hrtime.bigint();
    await store.snapshot('bench');
    const first = ms(t0);
    const changed = [];
    for (let run = 0; run < RUNS; run++) {
      for (let k = 0; k < CHANGED; k++) {
        const i = (run * 7919 + k * 104729) % files;
        const dir = join(ws, `d${Math.floor(i / 2000)}`, `s${Math.floor(i / 100) % 20}`);
        writeFileSync(join(dir, `f${i}.ts`), `export const v${i} = ${run};\n`);
      }
      t0 = process.hrtime.bigint();
      await store.snapshot('bench');
      changed.push(ms(t0));
    }
    const unchanged = [];
    for (let run = 0; run < RUNS; run++) {
      t0 = process.hrtime.bigint();
      await store.snapshot('bench');
      unchanged.push(ms(t0));
    }
    const fmt = (x) => `${x.toFixed(0)} ms`;
    console.log(
      `${String(files).padStart(7)} files: first snapshot ${fmt(first)} · ${CHANGED} changed: median ${fmt(median(changed))} (min ${fmt(Math.min(...changed))}, max ${fmt(Math.max(...changed))}) · none changed: median ${fmt(median(unchanged))}`,
    );
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

await bench(20_000);
await bench(100_000);
