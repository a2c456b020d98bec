// Subagents' cost: `tack -p` with one plain turn, with one task call (a child of one turn), and with
// four task calls in one message (four children at once), against the scripted server. The whole
// process (wall, CPU, peak memory) with /usr/bin/time, median of RUNS; BENCH_CHECKPOINTS=off as in
// tool-loop.bench.mjs. Figures, not assertions.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer } from './.build/test/support/mock-openai-server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const bin = fileURLToPath(new URL('../bin/tack.js', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'tack-bench-agents-home-'));
const cwd = mkdtempSync(join(tmpdir(), 'tack-bench-agents-cwd-'));
// BENCH_CHECKPOINTS=off: without the parent's checkpoint after a turn that ran tools (the task call)
if (process.env.BENCH_CHECKPOINTS === 'off') writeFileSync(join(home, 'config.json'), JSON.stringify({ checkpoints: { enabled: false } }));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const usage = { prompt_tokens: 10, completion_tokens: 5 };

// The prompt says how many children: a child answers at once; the parent asks for them, then ends.
const server = await startMockServer({
  models: ['mock-model'],
  forever: (request) => {
    const system = request.body.messages[0].content;
    if (system.startsWith('You are a sub-agent of tack')) return { text: 'child report', usage };
    const children = Number(/children=(\d)/.exec(JSON.stringify(request.body.messages))?.[1] ?? 0);
    if (children === 0 || request.body.messages.some((m) => m.role === 'tool')) return { text: 'all done', usage };
    const calls = Array.from({ length: children }, (_, i) => ({ name: 'task', arguments: { description: `job ${i}`, prompt: `job ${i}` } }));
    return { toolCalls: calls, usage };
  },
});

function run1(children) {
  return new Promise((resolve) => {
    const args = ['-f', '%e %U %S %M', process.execPath, bin, '-p', `children=${children}`, '--base-url', server.url, '-m', 'mock-model', '--no-session'];
    const child = spawn('/usr/bin/time', args, { cwd, env: { PATH: process.env.PATH, HOME: home, TACK_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const cases = [0, 1, 4];
const figures = Object.fromEntries(cases.map((c) => [c, { wall: [], cpu: [], peak: [] }]));
for (let run = 0; run < RUNS; run++) {
  for (const c of cases) {
    const r = await run1(c);
    if (r.status !== 0 || !r.stdout.includes('all done')) throw new Error(`children=${c} failed: ${r.stderr.slice(-500)}`);
    const [wall, user, sys, kb] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
    figures[c].wall.push(wall);
    figures[c].cpu.push(user + sys);
    figures[c].peak.push(kb / 1024);
  }
}
for (const c of cases) {
  const f = figures[c];
  const what = c === 0 ? 'one turn, no child' : `${c} child${c > 1 ? 'ren at once' : ''}`;
  console.log(`${what}, median of ${RUNS}: wall ${median(f.wall).toFixed(2)} s, cpu ${median(f.cpu).toFixed(2)} s, peak ${median(f.peak).toFixed(0)} MB`);
}
await server.close();
rmSync(home, { recursive: true, force: true });
rmSync(cwd, { recursive: true, force: true });
