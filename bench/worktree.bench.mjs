// tack -w start-up: making a worktree (git worktree add from local HEAD, .worktreeinclude copied) and
// removing an untouched one at exit, on a copy of this repository and on a 20,000-file repository;
// then the whole CLI with and without -w (both stop at the same early error: a blocked port), so the
// difference is what -w adds to a run. The median of several. Run after `npm run build`.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { leaveWorktree, openWorktree } from '../dist/src/worktree/index.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const here = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = join(here, 'bin', 'tack.js');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const git = (cwd, ...args) => execFileSync('git', args, { cwd, stdio: 'ignore' });

function manyFiles(root, files) {
  git(root, 'init', '-q', '-b', 'main');
  for (let i = 0; i < files; i++) {
    const dir = join(root, `d${Math.floor(i / 2000)}`, `s${Math.floor(i / 100) % 20}`);
    if (i % 100 === 0) mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `f${i}.ts`), `export const v${i} = ${i};\n`);
  }
  writeFileSync(join(root, '.gitignore'), '.env.local\n');
  writeFileSync(join(root, '.worktreeinclude'), '.env.local\n');
  git(root, 'add', '-A');
  git(root, '-c', 'user.email=b@b', '-c', 'user.name=b', 'commit', '-qm', 'files');
  writeFileSync(join(root, '.env.local'), 'X=1\n');
}

function bench(label, repo, home) {
  const open = [];
  const leave = [];
  for (let run = 0; run < RUNS; run++) {
    let t0 = process.hrtime.bigint();
    const w = openWorktree({ cwd: repo, home, name: `bench-${run}`, location: 'home', isSecret: () => undefined });
    open.push(ms(t0));
    t0 = process.hrtime.bigint();
    leaveWorktree(w, repo, home);
    leave.push(ms(t0));
  }
  const cli = (args) => {
    const times = [];
    for (let run = 0; run < RUNS; run++) {
      const t0 = process.hrtime.bigint();
      spawnSync(process.execPath, [bin, ...args, '-p', 'hi', '--base-url', 'http://127.0.0.1:1/v1', '-m', 'm'], {
        cwd: repo,
        env: { ...process.env, TACK_HOME: home },
        stdio: 'ignore',
      });
      times.push(ms(t0));
    }
    return median(times);
  };
  const plain = cli([]);
  const withW = cli(['-w', 'cli']);
  const f = (x) => `${x.toFixed(0)} ms`;
  console.log(`${label}: make ${f(median(open))} · remove untouched ${f(median(leave))} · CLI to the first error: ${f(plain)} without -w, ${f(withW)} with -w`);
}

const base = mkdtempSync(join(tmpdir(), 'tack-wt-bench-'));
try {
  const home = join(base, 'home');
  const self = join(base, 'self');
  git(base, 'clone', '-q', '--local', here, self);
  bench('this repository', self, home);
  const big = join(base, 'big');
  mkdirSync(big);
  manyFiles(big, 20_000);
  bench('20,000 files', big, home);
} finally {
  rmSync(base, { recursive: true, force: true });
}
