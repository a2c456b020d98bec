// Ending a command means ending everything it started: its process group, the rest of its session
// (a `set -m` job gets a group of its own), and what left the session with `setsid` or a double fork.
// Those last ones are found by a marker the command's environment carries (MARKER_VAR), which every
// child inherits unless it clears its environment.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { MARKER_VAR, reapOnDeath } from './reaper.js';

/** The variable naming one command run, in its environment and its children's. */
export { MARKER_VAR };

/** After SIGTERM a command gets this long to exit before SIGKILL. */
export const KILL_GRACE_MS = 2000;

export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

/** A command started with `detached`: its pid is its group's and its session's id. */
export interface CommandProcesses {
  pid: number;
  /** the MARKER_VAR value in its environment */
  marker?: string;
}

/**
 * The live processes (zombies do not count: they run nothing) of the command's group or session, or
 * carrying its marker. Empty where there is no /proc.
 */
export function commandPids(c: CommandProcesses): number[] {
  if (!existsSync('/proc/self/stat')) return [];
  const needle = c.marker ? Buffer.from(`${MARKER_VAR}=${c.marker}\0`) : undefined;
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid pgrp session ...": comm may hold spaces and parentheses, so split after the last ")"
      const [state, , group, session] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' || state === 'X') continue;
      if (Number(group) === c.pid || Number(session) === c.pid || (needle && readFileSync(`/proc/${entry}/environ`).includes(needle)))
        found.push(Number(entry));
    } catch {
      // the process ended while we looked, or is not ours to read
    }
  }
  return found;
}

function signalAll(c: CommandProcesses, signal: NodeJS.Signals): void {
  signalGroup(c.pid, signal);
  for (const pid of commandPids(c)) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone already
    }
  }
}

function alive(c: CommandProcesses): boolean {
  if (existsSync('/proc/self/stat')) return commandPids(c).length > 0;
  try {
    process.kill(-c.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitUntilGone(c: CommandProcesses, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (alive(c)) {
    if (Date.now() >= deadline) return false;
    await sleep(25);
  }
  return true;
}

/**
 * Ends every process of a command (its group, its session, what carries its marker): SIGTERM, then
 * SIGKILL for what is left after the grace period. Resolves once they are gone (or after a last second,
 * should unreaped zombies keep one nominally alive).
 */
export async function killCommand(c: CommandProcesses, graceMs = KILL_GRACE_MS): Promise<void> {
  signalAll(c, 'SIGTERM');
  if (await waitUntilGone(c, graceMs)) return;
  signalAll(c, 'SIGKILL');
  await waitUntilGone(c, 1000);
}

const running = new Set<CommandProcesses>();
let exitHookInstalled = false;

/**
 * Tracks a running command so it dies with us: detached groups outlive their parent otherwise, and a
 * `tack` that quits mid-command must not leave the command running.
 */
export function trackCommand(c: CommandProcesses): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const command of running) signalAll(command, 'SIGKILL');
    });
  }
  running.add(c);
  // the exit hook cannot run after kill -9: the watcher covers that
  const unreap = reapOnDeath(c.pid);
  return () => {
    unreap();
    return running.delete(c);
  };
}
