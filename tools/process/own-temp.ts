// tack's own temp folders, one per process and kind: the sandbox's private /tmp, the full output of
// long commands, the empty file masking secrets. Each is removed when tack exits; after `kill -9`
// or a crash, the next tack to start (or to make one, used as a library) removes those whose owner
// is gone (their names carry its pid), and only those: another tack may be running beside us.
import { mkdtempSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { processAlive } from './pid.js';

export type TempKind = 'sandbox' | 'output' | 'empty';

const NAME = /^tack-(?:sandbox|output|empty)-(\d+)-[A-Za-z0-9]{6}$/;
const made = new Map<TempKind, string>();
let swept: Promise<number> | undefined;

/** This process's folder of that kind (mode 0700), made on first use; its real path. */
export function ownTempDir(kind: TempKind): string {
  let dir = made.get(kind);
  if (!dir) {
    void sweepStaleTempDirs();
    const path = mkdtempSync(join(tmpdir(), `tack-${kind}-${process.pid}-`));
    process.once('exit', () => rmSync(path, { recursive: true, force: true }));
    dir = realpathSync(path);
    made.set(kind, dir);
  }
  return dir;
}

/**
 * Gives this process's folder of that kind to process `pid` (a kept job's /tmp, to the process that
 * keeps its output): renamed for it, so this process's exit leaves it and a later sweep removes it
 * once `pid` is gone. This process makes a new one if it needs one again.
 */
export function handTempDir(kind: TempKind, pid: number): void {
  const dir = made.get(kind);
  if (!dir) return;
  const owned = join(dirname(dir), basename(dir).replace(`-${process.pid}-`, `-${pid}-`));
  try {
    renameSync(dir, owned);
    made.delete(kind);
  } catch {
    // left where it is: removed at exit, as before
  }
}

/** The folder of that kind if this process made one. */
export function ownTempDirIfMade(kind: TempKind): string | undefined {
  return made.get(kind);
}

/**
 * Removes the temp folders of ours whose owner is gone, once a process; resolves with how many.
 * Finding them is a readdir of the temp folder and a signal 0 to each owner; that and the removal
 * go on in the background while tack starts (a killed run's /tmp may be large).
 */
export function sweepStaleTempDirs(): Promise<number> {
  swept ??= removeStale(tmpdir()).catch(() => 0);
  return swept;
}

async function removeStale(tmp: string): Promise<number> {
  const uid = process.getuid?.();
  const stale = (await readdir(tmp)).filter((name) => {
    const pid = NAME.exec(name)?.[1];
    return pid !== undefined && Number(pid) !== process.pid && !processAlive(Number(pid));
  });
  const removed = await Promise.all(
    stale.map(async (name) => {
      const path = join(tmp, name);
      try {
        const st = await lstat(path);
        if (!st.isDirectory() || (uid !== undefined && st.uid !== uid)) return 0;
        await rm(path, { recursive: true, force: true });
        return 1;
      } catch {
        // gone already, or not ours to remove
        return 0;
      }
    }),
  );
  return removed.reduce<number>((sum, n) => sum + n, 0);
}
