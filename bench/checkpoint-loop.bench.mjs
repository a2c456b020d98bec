// A long tool loop that changes a file at every step, with checkpoints on and off: `tack -p` where the
// scripted model asks for STEPS (1,000) `write` calls one after another. Prints the whole run's wall
// time (median of RUNS) and tack's own time per step around step 100 and step 900 (median of the 21
// steps around each): from the end of the server's answer to the last byte of tack's next request,
// so the server's own work (parsing a body that grows with the conversation) is not counted as
// tack's; the whole step as the server saw it is shown beside. A step should cost the same at 900 as
// at 100, and checkpoints a bounded share. TACK_BIN=<another checkout's bin/tack.js> measures that
// build. Run after `npm run bench`'s build (bench/.build). Figures, not assertions.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './.build/test/support/mock-openai-server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const STEPS = Number(process.env.BENCH_STEPS ?? 1000);
const bin = process.env.TACK_BIN ?? fileURLToPath(new URL('../bin/tack.js', import.meta.url));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// per request: when its last byte came, and when the answer to it had been written
let arrivals = [];
let answered = [];
const server = await startMockServer({
  models: ['mock-model'],
  forever: (request) => {
    arrivals.push(request.receivedAt);
    // the answer is written synchronously after this returns; the check phase comes after it
    setImmediate(() => answered.push(performance.now()));
    // the server keeps every request for tests; 1,000 growing bodies would make its GC part of the figures
    server.requests.length = 0;
    const done = request.body.messages.filter((m) => m.role === 'tool').length;
    if (done >= STEPS) return { text: 'all written', usage: { prompt_tokens: 10, completion_tokens: 2 } };
    return {
      toolCalls: [{ name: 'write', arguments: { path: `out/w${done}.txt`, content: `step ${done}\n` } }],
      usage: { prompt_tokens: 10, completion_tokens: 5 },
    };
  },
});

function run1(checkpoints) {
  const home = mkdtempSync(join(tmpdir(), 'tack-bench-ckloop-home-'));
  const cwd = mkdtempSync(join(tmpdir(), 'tack-bench-ckloop-cwd-'));
  for (let i = 0; i < 50; i++) writeFileSync(join(cwd, `f${i}.txt`), `file ${i}\n`.repeat(50));
  if (!checkpoints) writeFileSync(join(home, 'config.json'), JSON.stringify({ checkpoints: { enabled: false } }));
  arrivals = [];
  answered = [];
  const args = [bin, '-p', 'write them all', '--yolo', '--base-url', server.url, '-m', 'mock-model', '--no-session', '--max-turns', String(STEPS + 10)];
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH, HOME: home, TACK_HOME: home }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => {
      const wall = performance.now() - t0;
      // step k: from the answer to request k to request k+1's arrival (tack's own), or arrival to arrival (whole)
      const around = (k, f) => median(Array.from({ length: 21 }, (_, i) => f(k - 10 + i)).filter((x) => !Number.isNaN(x)));
      const own = (k) => around(k, (j) => arrivals[j + 1] - answered[j]);
      const whole = (k) => around(k, (j) => arrivals[j + 1] - arrivals[j]);
      const late = Math.min(900, STEPS - 12);
      rmSync(home, { recursive: true, force: true });
      rmSync(cwd, { recursive: true, force: true });
      if (status !== 0 || arrivals.length < STEPS) console.log(`  run failed (${status}): ${stderr.trim().split('\n').pop()}`);
      resolve({ wall, at100: own(100), at900: own(late), whole100: whole(100), whole900: whole(late) });
    });
  });
}

const rows = { on: [], off: [] };
for (let r = 0; r < RUNS; r++) {
  rows.on.push(await run1(true));
  rows.off.push(await run1(false));
}
await server.close();
const ms = (x) => (x === undefined ? '—' : `${x.toFixed(x < 10 ? 1 : 0)} ms`);
console.log(`${STEPS}-step write loop (${bin}), medians of ${RUNS}:`);
for (const [name, list] of Object.entries(rows)) {
  const at = (key) => median(list.map((x) => x[key]));
  console.log(
    `  checkpoints ${name.padEnd(3)}: ${ms(at('wall'))} in all · tack's own per step at 100: ${ms(at('at100'))} · at 900: ${ms(at('at900'))} (whole step with the server: ${ms(at('whole100'))} · ${ms(at('whole900'))})`,
  );
}
console.log(`  on / off: ${(median(rows.on.map((x) => x.wall)) / median(rows.off.map((x) => x.wall))).toFixed(2)}×`);
