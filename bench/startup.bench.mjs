// Start-up cost: `tack --version` and a one-turn `tack -p` against the scripted server, beside a
// bare `node -e 0`. Medians over several runs of wall time and peak RSS (GNU time's %M).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './.build/test/support/mock-openai-server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const bin = fileURLToPath(new URL('../bin/tack.js', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'tack-bench-home-'));
const cwd = mkdtempSync(join(tmpdir(), 'tack-bench-cwd-'));
const env = { PATH: process.env.PATH, HOME: home, TACK_HOME: home };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Async, so the scripted server in this process can answer while the child runs.
function run(args) {
  return new Promise((resolve) => {
    const child = spawn('/usr/bin/time', ['-f', '%M', ...args], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

async function measure(label, args) {
  const walls = [];
  const rss = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const r = await run(args);
    walls.push(performance.now() - t);
    if (r.status !== 0) throw new Error(`${label} failed: ${r.stderr}`);
    rss.push(Number(r.stderr.trim().split('\n').at(-1)) / 1024);
  }
  const row = { label, wallMs: median(walls), peakMB: median(rss) };
  console.log(`${label.padEnd(28)} wall ${row.wallMs.toFixed(0).padStart(5)} ms   peak ${row.peakMB.toFixed(0).padStart(4)} MB`);
  return row;
}

const server = await startMockServer({ models: ['mock-model'] });
const turn = { text: 'Hello from the scripted server.', usage: { prompt_tokens: 10, completion_tokens: 6 } };
server.push(...Array.from({ length: RUNS + 2 }, () => turn));

console.log(`medians of ${RUNS} runs`);
const base = await measure('node -e 0', [process.execPath, '-e', '0']);
const version = await measure('tack --version', [process.execPath, bin, '--version']);
const print = await measure('tack -p (one turn)', [process.execPath, bin, '-p', '--base-url', server.url, '-m', 'mock-model', 'hi']);
console.log(`tack --version is ${(version.wallMs / base.wallMs).toFixed(2)}x node -e 0; one-turn print run is ${(print.wallMs / base.wallMs).toFixed(2)}x`);
console.log('targets: --version < 150 ms; one-turn print < 500 ms and < 100 MB (beside Claude Code: bench/rival.bench.mjs with CLAUDE_BIN)');
await server.close();
