// One program in a tmux pane of its own (its own tmux server, so it gets its own environment), for
// the interactive benches: the program starts when `go()` is called, under GNU time, so `finish()`
// gives its whole run's user and system CPU; `treeCpu()` reads the CPU seconds the pane's processes
// have used so far from /proc, so a bench can measure a window (a typed prompt to the final screen).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** utime + stime of each live process, with cutime + cstime for the children it has reaped. */
function cpuByPid() {
  const rows = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    rows.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
  }
  return rows;
}

/**
 * `dir` holds the pane's files; `argv` is the program and its arguments; `outputFile`, when given,
 * receives everything the program writes to the terminal.
 */
export async function openPane({ dir, name, cols, rows, cwd, env, argv, outputFile }) {
  const socket = `tack-bench-${name}-${process.pid}`;
  const go = join(dir, `${name}.go`);
  const cpuFile = join(dir, `${name}.cpu`);
  const tmux = (...args) => {
    const r = spawnSync('tmux', ['-L', socket, ...args], { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  const cmd = `while [ ! -e ${q(go)} ]; do sleep 0.01; done; /usr/bin/time -f '%U %S' -o ${q(cpuFile)} ${argv.map(q).join(' ')}; sleep 600`;
  tmux('-f', '/dev/null', 'new-session', '-d', '-x', String(cols), '-y', String(rows), '-c', cwd, `sh -c ${q(cmd)}`);
  if (outputFile) tmux('pipe-pane', '-o', '-t', '0', `cat > ${q(outputFile)}`);
  await new Promise((r) => setTimeout(r, 200));
  const panePid = Number(tmux('display-message', '-p', '-t', '0', '#{pane_pid}').trim());
  const socketPath = tmux('display-message', '-p', '#{socket_path}').trim();

  const screen = () => tmux('capture-pane', '-p', '-t', '0');
  return {
    screen,
    go: () => writeFileSync(go, ''),
    /** literal text, as if typed */
    type: (text) => tmux('send-keys', '-t', '0', '-l', text),
    keys: (...keys) => tmux('send-keys', '-t', '0', ...keys),
    /** polls the screen every `everyMs` (tmux runs synchronously, so polling often slows this process) */
    async waitFor(test, timeoutMs, what, everyMs = 5) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const s = screen();
        if (test(s)) return performance.now();
        if (performance.now() > deadline) throw new Error(`${name}: timed out waiting for ${what}:\n${s}`);
        await new Promise((r) => setTimeout(r, everyMs));
      }
    },
    /** CPU seconds used so far by the pane's shell and everything under it */
    treeCpu() {
      const all = cpuByPid();
      const inPane = new Set([panePid]);
      let grew = true;
      while (grew) {
        grew = false;
        for (const [pid, row] of all)
          if (!inPane.has(pid) && inPane.has(row.ppid)) {
            inPane.add(pid);
            grew = true;
          }
      }
      let ticks = 0;
      for (const pid of inPane) ticks += all.get(pid)?.ticks ?? 0;
      return ticks / CLK_TCK;
    },
    /** Ctrl-C twice (both tools quit on it), then the whole run's CPU as GNU time saw it */
    async finish() {
      tmux('send-keys', '-t', '0', 'C-c');
      await new Promise((r) => setTimeout(r, 150));
      tmux('send-keys', '-t', '0', 'C-c');
      const deadline = performance.now() + 10_000;
      while (!(existsSync(cpuFile) && readFileSync(cpuFile, 'utf8').trim()) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const [user, sys] = readFileSync(cpuFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
      return { user, sys };
    },
    close() {
      tmux('kill-server');
      rmSync(socketPath, { force: true }); // tmux leaves the socket file behind
    },
  };
}
