// What starting a background job costs beside a foreground bash call: the bash tool's execute, in
// process, from the call until it returns, for `echo ready` in the foreground and `echo ready; sleep
// 1000` as a job (which returns at its first output), with the sandbox (when bubblewrap runs here)
// and without. Medians of RUNS, plus the CPU of this process. Figures, not assertions.
import { mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBashTool } from '../dist/tools/bash/bash.js';
import { Jobs } from '../dist/tools/jobs/jobs.js';
import { createSandbox, probeSandbox } from '../dist/tools/sandbox/sandbox.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const cwd = mkdtempSync(join(tmpdir(), 'tack-bench-jobs-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const probe = probeSandbox();
const modes = { off: undefined, ...(probe.ok ? { on: createSandbox(probe.bwrap, { cwd, home: homedir(), network: true }) } : {}) };

async function time(bash, args) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await bash.execute('bench', args);
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  if (r.isError) throw new Error(r.content[0].text);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

for (const [mode, sandbox] of Object.entries(modes)) {
  const jobs = new Jobs(cwd, { sandbox }, RUNS + 1);
  const bash = createBashTool({ cwd }, { sandbox, jobs });
  const rows = { foreground: [], job: [] };
  await time(bash, { command: 'true' }); // warm: the reaper's watcher, the sandbox's first scan
  for (let i = 0; i < RUNS; i++) {
    rows.foreground.push(await time(bash, { command: 'echo ready' }));
    rows.job.push(await time(bash, { command: 'echo ready; sleep 1000', run_in_background: true }));
  }
  await jobs.stopAll();
  for (const [what, xs] of Object.entries(rows)) {
    console.log(
      `sandbox ${mode.padEnd(3)} ${what.padEnd(10)} wall ${median(xs.map((x) => x.wall)).toFixed(1)} ms, tack's CPU ${median(xs.map((x) => x.cpu)).toFixed(1)} ms (median of ${RUNS})`,
    );
  }
}
process.exit(0);
