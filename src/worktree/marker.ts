// The marker that makes a worktree tack's: a file in the worktree's own admin folder
// (`.git/worktrees/<id>/`), which git removes with the worktree. list, rm and prune touch only
// worktrees that hold one; the user's own worktrees hold none.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKTREE_MARKER } from '../../tools/sandbox/worktree-git.js';

export const MARKER_FILE = WORKTREE_MARKER;
/** One empty file per tack process working in the worktree: the last to leave decides its fate. */
const USERS_DIR = 'tack-users';

export interface Marker {
  name: string;
  branch: string;
  /** the commit the worktree started from */
  base: string;
  /** what the user named as the base (`HEAD` unless `--from`) */
  from: string;
  createdAt: string;
  /** files `.worktreeinclude` copied in: not counted as the worktree's own changes */
  included: string[];
}

export function writeMarker(adminDir: string, marker: Marker): void {
  writeFileSync(join(adminDir, MARKER_FILE), `${JSON.stringify(marker, null, 2)}\n`);
}

export function readMarker(adminDir: string): Marker | undefined {
  try {
    const m = JSON.parse(readFileSync(join(adminDir, MARKER_FILE), 'utf8')) as Partial<Marker>;
    if (typeof m.name !== 'string' || typeof m.branch !== 'string' || typeof m.base !== 'string') return undefined;
    return { from: 'HEAD', createdAt: '', ...m, included: Array.isArray(m.included) ? m.included.filter((p) => typeof p === 'string') : [] } as Marker;
  } catch {
    return undefined;
  }
}

export function joinUsers(adminDir: string, pid = process.pid): void {
  mkdirSync(join(adminDir, USERS_DIR), { recursive: true });
  writeFileSync(join(adminDir, USERS_DIR, String(pid)), '');
}

/** Leaves, and says whether another live tack process still works there. */
export function leaveUsers(adminDir: string, pid = process.pid): boolean {
  rmSync(join(adminDir, USERS_DIR, String(pid)), { force: true });
  return othersWorking(adminDir, pid);
}

/** Whether a live tack process other than `pid` works in the worktree; the entries of dead ones are cleared. */
export function othersWorking(adminDir: string, pid = process.pid): boolean {
  const dir = join(adminDir, USERS_DIR);
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
