// tack's own temp folders, one per process and kind: the sandbox's private /tmp, the full output of
// long commands, the empty file masking secrets. Each is removed when tack exits; after `kill -9`
// or a crash, the next one made removes those whose owner is gone (their names carry its pid), and
// only those: another tack may be running beside us.
import { lstatSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive } from './pid.js';

export type TempKind = 'sandbox' | 'output' | 'empty';

const NAME = /^tack-(?:sandbox|output|empty)-(\d+)-[A-Za-z0-9]{6}$/;
const made = new Map<TempKind, string>();

/** This process's folder of that kind (mode 0700), made on first use; its real path. */
export function ownTempDir(kind: TempKind): string {
  let dir = made.get(kind);
  if (!dir) {
    if (made.size === 0) sweepStaleTempDirs(tmpdir());
    const path = mkdtempSync(join(tmpdir(), `tack-${kind}-${process.pid}-`));
    process.once('exit', () => rmSync(path, { recursive: true, force: true }));
    dir = realpathSync(path);
    made.set(kind, dir);
  }
  return dir;
}

/** The folder of that kind if this process made one. */
export function ownTempDirIfMade(kind: TempKind): string | undefined {
  return made.get(kind);
}

/** Removes the temp folders of ours in `tmp` whose owner is gone; returns how many. */
export function sweepStaleTempDirs(tmp: string): number {
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
