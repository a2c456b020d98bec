// Ending a stdio server: SIGTERM, then SIGKILL if it is still there after a grace period, so a
// server that traps SIGTERM does not outlive its session or tack. At tack's exit this has to happen
// synchronously (an `exit` hook cannot wait for a timer), so there the wait is a short sleep loop.
import { existsSync, readFileSync } from 'node:fs';
import { processAlive } from '../../../tools/process/pid.js';
import { KILL_GRACE_MS } from '../../../tools/process/process-group.js';

/** the grace a command's processes get too */
export const STOP_GRACE_MS = KILL_GRACE_MS;
const POLL_MS = 50;
/** How long a SIGKILLed process is waited for: it dies when next scheduled, which a busy machine delays. */
const KILLED_WAIT_MS = 1000;

const hasProc = existsSync('/proc/self/stat');

/** A running process's state and start time (`/proc/<pid>/stat` fields 3 and 22); undefined when it is gone. */
function stat(pid: number): { zombie: boolean; start: string } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { zombie: fields[0] === 'Z', start: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

/**
 * A test of whether the process `pid` names now still runs: false once it exited (a zombie not yet
 * reaped counts as gone), and false for another process that got the pid since.
 */
export function runningTest(pid: number): () => boolean {
  if (!hasProc) return () => processAlive(pid);
  const start = stat(pid)?.start;
  return () => {
    const now = stat(pid);
    return now !== undefined && !now.zombie && now.start === start;
  };
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/** SIGTERM, up to STOP_GRACE_MS to go, then SIGKILL. */
export async function terminate(pid: number): Promise<void> {
  const running = runningTest(pid);
  signal(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_GRACE_MS;
  while (running() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  if (!running()) return;
  signal(pid, 'SIGKILL');
  const killed = Date.now() + KILLED_WAIT_MS;
  while (running() && Date.now() < killed) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** The same for several at once, blocking: for the process `exit` hook. */
export function terminateNow(pids: readonly number[]): void {
  const children = pids.map((pid) => ({ pid, running: runningTest(pid) }));
  for (const { pid } of children) signal(pid, 'SIGTERM');
  const nap = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + STOP_GRACE_MS;
  while (children.some((c) => c.running()) && Date.now() < deadline) Atomics.wait(nap, 0, 0, POLL_MS);
  for (const c of children) if (c.running()) signal(c.pid, 'SIGKILL');
  // gone before tack is: a killed server still running when `tack -p` returns would be left behind
  const killed = Date.now() + KILLED_WAIT_MS;
  while (children.some((c) => c.running()) && Date.now() < killed) Atomics.wait(nap, 0, 0, 5);
}
