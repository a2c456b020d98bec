// What a worktree holds that its base does not: changed files and new commits.
import { gitOut, runGit } from './git.js';
import type { TackWorktree } from './inventory.js';

export interface WorktreeState {
  /** files changed, added or untracked (not counting what .worktreeinclude copied in) */
  changes: number;
  /** commits on the worktree's HEAD that its base does not have */
  commits: number;
  /** the worktree's branch, or undefined when its HEAD is detached */
  branch: string | undefined;
}

export function worktreeState(w: TackWorktree): WorktreeState {
  if (w.missing) return { changes: 0, commits: 0, branch: undefined };
  const included = new Set(w.marker.included);
  const status = gitOut(['status', '--porcelain=v1', '-z', '--untracked-files=all'], w.path);
  const changed = status
    .split('\0')
    .filter((entry) => entry.length > 3)
    .filter((entry) => !(entry.startsWith('?? ') && included.has(entry.slice(3))));
  const commits = Number(gitOut(['rev-list', '--count', `${w.marker.base}..HEAD`], w.path)) || 0;
  const head = runGit(['symbolic-ref', '--quiet', '--short', 'HEAD'], w.path);
  return { changes: changed.length, commits, branch: head.ok ? head.out.trim() : undefined };
}

/** "2 commits, 1 changed file", or "no changes". */
export function describeState(s: WorktreeState): string {
  const parts = [
    ...(s.commits > 0 ? [`${s.commits} commit${s.commits === 1 ? '' : 's'}`] : []),
    ...(s.changes > 0 ? [`${s.changes} changed file${s.changes === 1 ? '' : 's'}`] : []),
  ];
  return parts.length > 0 ? parts.join(', ') : 'no changes';
}
