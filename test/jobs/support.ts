// Finding a job's processes from outside, as a user would: by a marker in their command line, read
// from /proc; and the run of the built CLI in print mode with the scripted server.
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { probeSandbox } from '../../tools/sandbox/sandbox.js';
import { makeProject, runTack, type RunResult } from '../support/cli.js';

export const bwrapWorks = probeSandbox().ok;
export const sandboxModes = bwrapWorks ? (['on', 'off'] as const) : (['off'] as const);

/** Live processes whose command line holds `marker` (zombies run nothing and have none). */
export function withMarker(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) found.push(Number(entry));
    } catch {
      // ended while we looked
    }
  }
  return found;
}

/** Waits (at most `ms`) until the number of processes with the marker passes `test`; returns the number. */
export async function until(marker: string, test: (n: number) => boolean, ms = 15_000): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const n = withMarker(marker).length;
    if (test(n) || Date.now() > deadline) return n;
    await sleep(50);
  }
}

/**
 * A job that leaves every kind of process it can behind: a setsid one, a double fork, a nohup one,
 * a `&` one, and its own last command (and, with `clearsEnv`, one that clears its environment); all named `${marker}-…` in their command lines. The
 * marker is put together in the shell, so no command line but theirs holds it (not bwrap's, not
 * the job's shell's, not a `bash -c` before its exec).
 */
export function escapingJob(marker: string, clearsEnv = false): string {
  const [head, tail] = [marker.slice(0, 4), marker.slice(4)];
  const escapes = clearsEnv ? 5 : 4;
  return [
    `export M="${head}""${tail}"`,
    // without the environment the reaper's marker is gone too: only a pid namespace still holds it
    ...(clearsEnv ? [`env -i M="$M" setsid bash -c 'exec -a "$M-env" sleep 1000' > /dev/null 2>&1 &`] : []),
    `setsid bash -c 'exec -a "$M-setsid" sleep 1000' &`,
    `( ( exec -a "$M-double" sleep 1000 & ) & )`,
    `nohup bash -c 'exec -a "$M-nohup" sleep 1000' > /dev/null 2>&1 &`,
    `(exec -a "$M-amp" sleep 1000) &`,
    // "spawned" once they are all there (the pattern does not match grep's own command line)
    `until [ "$(grep -las -- "$M-[sdnae]" /proc/[0-9]*/cmdline | wc -l)" -ge ${escapes} ]; do sleep 0.05; done`,
    'echo spawned',
    `exec -a "$M-main" sleep 1000`,
  ].join('\n');
}

export function printRun(url: string, sandbox: 'on' | 'off', files: Record<string, string> = {}): Promise<RunResult> & { dir: string } {
  const { dir, home } = makeProject(files);
  const run = runTack(['-p', '--yolo', '--sandbox', sandbox, '--base-url', url, '-m', 'm', 'go'], { cwd: dir, home });
  return Object.assign(run, { dir });
}
