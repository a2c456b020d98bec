import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** After SIGTERM a command gets this long to exit before SIGKILL. */
export const KILL_GRACE_MS = 2000;

export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

/**
 * Whether a member of the group still runs. Where /proc exists, zombies do not count: killed
 * orphans wait for init to reap them, which can take a second, and they run nothing.
 */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return existsSync('/proc/self/stat') ? liveMemberInProc(pgid) : true;
}

function liveMemberInProc(pgid: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so split after the last ")"
      const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(group) === pgid && state !== 'Z' && state !== 'X') return true;
    } catch {
      // the process ended while we looked
    }
  }
  return false;
}

async function waitForGroup(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (groupAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(25);
  }
  return true;
}

/**
 * Ends every process of a process group (the shell and whatever it started): SIGTERM, then SIGKILL
 * for what is left after the grace period. Resolves once the group is gone (or after a last second,
 * should unreaped zombies keep it nominally alive).
 */
export async function killGroup(pid: number, graceMs = KILL_GRACE_MS): Promise<void> {
  signalGroup(pid, 'SIGTERM');
  if (await waitForGroup(pid, graceMs)) return;
  signalGroup(pid, 'SIGKILL');
  await waitForGroup(pid, 1000);
}

const running = new Set<number>();
let exitHookInstalled = false;

/**
 * Tracks a detached group so it dies with us: detached groups outlive their parent otherwise, and a
 * `tack` that quits mid-command must not leave the command running.
 */
export function trackGroup(pid: number): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const group of running) signalGroup(group, 'SIGKILL');
    });
  }
  running.add(pid);
  return () => running.delete(pid);
}
