// checkpoints in a workspace of FILES (20,000) small files: the first snapshot, one after an edit or
// write (only its path looked at), one after a command that changed 10 files and one with nothing
// changed (medians of RUNS), beside plain `git add -A && git write-tree` on the same tree in a git
// directory of its own. Run after `npm run build`; TACK_DIST=<another checkout's dist> measures that
// build's store (one without the paths-only snapshot walks the tree after an edit too). Trees go in
// the OS temp dir and are removed afterwards. Figures, not assertions.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = resolve(process.env.TACK_DIST ?? new URL('../dist', import.meta.url).pathname);
const { CheckpointStore } = await import(pathToFileURL(join(dist, 'src/checkpoints/store.js')).href);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const FILES = Number(process.env.BENCH_FILES ?? 20_000);
const CHANGED = 10;

const fileOf = (i) => join(`d${Math.floor(i / 2000)}`, `s${Math.floor(i / 100) % 20}`, `f${i}.ts`);
function makeTree(root, files) {
  for (let i = 0; i < files; i++) {
    if (i % 100 === 0) mkdirSync(join(root, fileOf(i), '..'), { recursive: true });
    writeFileSync(join(root, fileOf(i)), `export const v${i} = ${i};\n// a line of ordinary source text for file ${i}\n`);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = async (fn) => {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
};
const change = (ws, run, k) => {
  const i = (run * 7919 + k * 104729) % FILES;
  writeFileSync(join(ws, fileOf(i)), `export const v${i} = ${run}; // ${k}\n`);
  return fileOf(i);
};

/** first, after edit/write, after bash with 10 changed, none changed: ms */
async function tack(ws, home) {
  const store = new CheckpointStore(home, ws, undefined, { files: Infinity, bytes: Infinity });
  const first = await time(() => store.snapshot('bench'));
  const edit = [];
  const bash = [];
  const none = [];
  for (let run = 0; run < RUNS; run++) {
    const path = change(ws, run, 0);
    edit.push(await time(() => store.snapshot('bench', [path])));
    for (let k = 1; k <= CHANGED; k++) change(ws, run, k);
    bash.push(await time(() => store.snapshot('bench')));
    none.push(await time(() => store.snapshot('bench')));
  }
  return [first, median(edit), median(bash), median(none)];
}

async function plainGit(ws, gitDir) {
  const env = { ...process.env, GIT_DIR: gitDir, GIT_WORK_TREE: ws, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
  execFileSync('git', ['init', '-q'], { env });
  const snap = () => {
    execFileSync('git', ['add', '-A'], { env, cwd: ws });
    execFileSync('git', ['write-tree'], { env, cwd: ws });
  };
  const first = await time(snap);
  const bash = [];
  const none = [];
  for (let run = 0; run < RUNS; run++) {
    for (let k = 1; k <= CHANGED; k++) change(ws, run + 100, k);
    bash.push(await time(snap));
    none.push(await time(snap));
  }
  return [first, median(bash), median(none)];
}

const base = mkdtempSync(join(tmpdir(), 'tack-ckpt-bench-'));
try {
  const ws = join(base, 'ws');
  mkdirSync(ws);
  makeTree(ws, FILES);
  const [first, edit, bash, none] = await tack(ws, join(base, 'home'));
  const [gFirst, gBash, gNone] = await plainGit(ws, join(base, 'plain.git'));
  const f = (x) => `${x.toFixed(0)} ms`;
  console.log(`${FILES} files (${dist}), medians of ${RUNS}:`);
  console.log(`  tack:      first snapshot ${f(first)} · after edit/write ${f(edit)} · after bash, ${CHANGED} changed ${f(bash)} · none changed ${f(none)}`);
  console.log(`  plain git: first add+write-tree ${f(gFirst)} · ${CHANGED} changed ${f(gBash)} · none changed ${f(gNone)}`);
} finally {
  rmSync(base, { recursive: true, force: true });
}
