// tack's record of a worktree it made, and the tack processes working in it: both in tack's home,
// beside the records tools/sandbox/worktree-records.ts reads, so nothing a command in a worktree
// can write decides what list, rm and prune act on, or whether the last process to leave removes it.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeBesideSync } from '../../tools/fs/atomic-write.js';
import { recordFile, type WorktreeRecord } from '../../tools/sandbox/worktree-records.js';

/** A worktree's place among its repository's records. */
export interface RecordPlace {
  /** the repository's records folder (worktree-records.ts `recordsDir`) */
  records: string;
  /** the record (named as the marker file in `.git` it replaces was) */
  marker: WorktreeRecord;
}

export function writeRecord(records: string, record: WorktreeRecord): void {
  writeBesideSync(recordFile(records, record.name), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600, dirMode: 0o700 });
}

export function forgetRecord(w: RecordPlace): void {
  rmSync(recordFile(w.records, w.marker.name), { force: true });
  rmSync(usersDir(w), { recursive: true, force: true });
}

/** One empty file per tack process working in the worktree: the last to leave decides its fate. */
function usersDir(w: RecordPlace): string {
  return join(w.records, `${w.marker.name}.users`);
}

export function joinUsers(w: RecordPlace, pid = process.pid): void {
  mkdirSync(usersDir(w), { recursive: true, mode: 0o700 });
  writeFileSync(join(usersDir(w), String(pid)), '');
}

/** Leaves, and says whether another live tack process still works there. */
export function leaveUsers(w: RecordPlace, pid = process.pid): boolean {
  rmSync(join(usersDir(w), String(pid)), { force: true });
  return othersWorking(w, pid);
}

/** Whether a live tack process other than `pid` works in the worktree; the entries of dead ones are cleared. */
export function othersWorking(w: RecordPlace, pid = process.pid): boolean {
  const dir = usersDir(w);
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some((entry) => {
    const other = Number(entry);
    if (!Number.isInteger(other) || other <= 0 || other === pid) return false;
    if (alive(other)) return true;
    rmSync(join(dir, entry), { force: true });
    return false;
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
