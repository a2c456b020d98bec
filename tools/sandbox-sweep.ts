// The sandbox's private /tmp directories are removed when tack exits, but not after `kill -9` or a
// crash. Their names carry the owner's pid (`tack-sandbox-<pid>-XXXXXX`), so the next start can
// remove those whose owner is gone, and only those: another tack may be running beside us.
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from './pid.js';

export const SANDBOX_TMP_PREFIX = 'tack-sandbox-';
const NAME = /^tack-sandbox-(\d+)-[A-Za-z0-9]{6}$/;

/** Removes the stale private /tmp directories of ours in `tmp`; returns how many. */
export function sweepStaleSandboxDirs(tmp: string): number {
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(tmp);
  } catch {
    return 0;
  }
  const uid = process.getuid?.();
  for (const name of names) {
    const pid = NAME.exec(name)?.[1];
    if (pid === undefined || Number(pid) === process.pid || processAlive(Number(pid))) continue;
    const path = join(tmp, name);
    try {
      const st = lstatSync(path);
      if (!st.isDirectory() || (uid !== undefined && st.uid !== uid)) continue;
      rmSync(path, { recursive: true, force: true });
      removed++;
    } catch {
      // gone already, or not ours to remove
    }
  }
  return removed;
}
