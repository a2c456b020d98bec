// Removing tack's worktrees: on exit when nothing was done there, by `tack worktree rm` and `prune`.
// A worktree's branch goes with it only when it holds no commit its base does not.
import { rmSync } from 'node:fs';
import { runGit } from './git.js';
import type { TackWorktree } from './inventory.js';
import { forgetRecord, leaveUsers } from './record.js';
import { describeState, worktreeState } from './state.js';
import { forgetTrust } from './trust.js';

export interface Removed {
  /** the branch was kept: it has commits of its own */
  branchKept: boolean;
}

/**
 * Removes the worktree (uncommitted changes included: the caller asked), its trust record, tack's
 * record of it and, unless it has commits, its branch.
 */
export function removeWorktree(w: TackWorktree, repoDir: string, home: string, keepBranchWithCommits = true): Removed {
  const removed = runGit(['worktree', 'remove', '--force', '--force', w.path], repoDir);
  if (!removed.ok) {
    if (!w.missing) throw new Error(`git could not remove the worktree ${w.path}: ${removed.err.split('\n')[0]}`);
    // its folder was deleted by hand: only git's record is left, this one and no other
    rmSync(w.adminDir, { recursive: true, force: true });
  }
  forgetTrust(home, w.path);
  forgetRecord(w);
  const branchKept = keepBranchWithCommits && branchCommits(w, repoDir) > 0;
  if (!branchKept) runGit(['branch', '-D', w.marker.branch], repoDir);
  return { branchKept };
}

function branchCommits(w: TackWorktree, repoDir: string): number {
  const r = runGit(['rev-list', '--count', `${w.marker.base}..refs/heads/${w.marker.branch}`], repoDir);
  return r.ok ? Number(r.out.trim()) || 0 : 0;
}

/**
 * What happens when a `tack -w` run ends: the last tack process there removes an untouched worktree
 * with its branch, in one line; one with changes or commits is kept and described in two.
 */
export function leaveWorktree(w: TackWorktree, repoDir: string, home: string): string[] {
  if (leaveUsers(w)) return [];
  const state = worktreeState(w);
  if (state.changes === 0 && state.commits === 0 && branchCommits(w, repoDir) === 0) {
    removeWorktree(w, repoDir, home);
    return [`worktree ${w.marker.name} removed, and its branch ${w.marker.branch}: nothing was changed or committed there`];
  }
  const branch = state.branch ?? w.marker.branch;
  return [
    `worktree ${w.marker.name} kept (${describeState(state)}) at ${w.path}`,
    `  continue: tack -w ${w.marker.name} -c · merge: git merge ${branch} · remove: tack worktree rm ${w.marker.name}${state.changes > 0 ? ' --force' : ''}`,
  ];
}
