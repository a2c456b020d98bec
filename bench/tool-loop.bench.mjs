// A long tool loop in print mode: `tack -p` where the scripted model asks for STEPS `read` calls one
// after another, then answers. Measures the whole process (wall, CPU = user + system, peak memory)
// with /usr/bin/time, median of RUNS; TACK_BASE=<path to another checkout's bin/tack.js> runs it
// alternately for an A/B ratio; BENCH_CHECKPOINTS=off turns checkpoints off. Figures, not assertions.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './.build/test/support/mock-openai-server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const STEPS = Number(process.env.BENCH_STEPS ?? 200);
const bins = { new: fileURLToPath(new URL('../bin/tack.js', import.meta.url)), ...(process.env.TACK_BASE ? { base: process.env.TACK_BASE } : {}) };
const home = mkdtempSync(join(tmpdir(), 'tack-bench-loop-home-'));
const cwd = mkdtempSync(join(tmpdir(), 'tack-bench-loop-cwd-'));
// BENCH_CHECKPOINTS=off: without the checkpoint after each turn that ran tools
if (process.env.BENCH_CHECKPOINTS === 'off') writeFileSync(join(home, 'config.json'), JSON.stringify({ checkpoints: { enabled: false } }));
for (let i = 0; i < 4; i++) writeFileSync(join(cwd, `f${i}.txt`), `file ${i}\n`.repeat(50));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Each request is answered by how many tool results it carries: a read of another file, or the end.
const server = await startMockServer({
  models: ['mock-model'],
  forever: (request) => {
    const done = request.body.messages.filter((m) => m.role === 'tool').length;
    if (done >= STEPS) return { text: 'all read', usage: { prompt_tokens: 10, completion_tokens: 2 } };
    return { toolCalls: [{ name: 'read', arguments: { path: `f${done % 4}.txt` } }], usage: { prompt_tokens: 10, completion_tokens: 5 } };
  },
});

// Asynchronous: the scripted server answers from this process.
function run1(bin) {
  return new Promise((resolve) => {
    const args = [
      '-f',
      '%e %U %S %M',
      process.execPath,
      bin,
      '-p',
      'read them all',
      '--base-url',
      server.url,
      '-m',
      'mock-model',
      '--no-session',
      '--max-turns',
      String(STEPS + 10),
    ];
    const child = spawn('/usr/bin/time', args, { cwd, env: { PATH: process.env.PATH, HOME: home, TACK_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const figures = Object.fromEntries(Object.keys(bins).map((k) => [k, { wall: [], cpu: [], peak: [] }]));
for (let run = 0; run < RUNS; run++) {
  for (const [name, bin] of Object.entries(bins)) {
    const r = await run1(bin);
    if (r.status !== 0 || !r.stdout.includes('all read')) throw new Error(`${name} failed: ${r.stderr.slice(-500)}`);
    const [wall, user, sys, kb] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
    figures[name].wall.push(wall);
    figures[name].cpu.push(user + sys);
    figures[name].peak.push(kb / 1024);
  }
}
for (const [name, f] of Object.entries(figures)) {
  console.log(
    `${name}: ${STEPS}-step tool loop, median of ${RUNS}: wall ${median(f.wall).toFixed(2)} s, cpu ${median(f.cpu).toFixed(2)} s, peak ${median(f.peak).toFixed(0)} MB`,
  );
}
if (figures.base) {
  const ratio = (k) => median(figures.new[k].map((v, i) => v / figures.base[k][i])).toFixed(3);
  console.log(`new/base (median of pair ratios): wall ${ratio('wall')}, cpu ${ratio('cpu')}, peak ${ratio('peak')}`);
}
await server.close();
rmSync(home, { recursive: true, force: true });
rmSync(cwd, { recursive: true, force: true });
