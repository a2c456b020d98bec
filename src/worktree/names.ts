// Names and places of tack's worktrees: pure.
import { createHash, randomBytes } from 'node:crypto';
import { basename, join } from 'node:path';

/** Every tack branch lives under this prefix, so a user's own branch is never taken or removed. */
export const BRANCH_PREFIX = 'tack/';
/** The folder inside the repository when `worktrees.location` is `inside` (listed in .git/info/exclude). */
export const INSIDE_FOLDER = '.worktrees';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Why a name cannot be a worktree's, or undefined when it can. */
export function nameProblem(name: string): string | undefined {
  if (!NAME.test(name) || name.endsWith('.lock') || name.includes('..') || name.endsWith('.')) {
    return `"${name}" cannot name a worktree: use letters, digits, ".", "_" and "-" (at most 64, starting with a letter or digit)`;
  }
  return undefined;
}

export function generatedName(): string {
  const d = new Date();
  const stamp = `${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
  return `wt-${stamp}-${randomBytes(3).toString('hex')}`;
}

export function branchOf(name: string): string {
  return `${BRANCH_PREFIX}${name}`;
}

/** The repository's folder under `$TACK_HOME/worktrees`: its name, and a hash of its path so two `app`s differ. */
export function repoKey(repoRoot: string): string {
  const safe = basename(repoRoot).replace(/[^A-Za-z0-9._-]/g, '-') || 'repo';
  return `${safe}-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 8)}`;
}

export type Location = 'home' | 'inside';

export function worktreePath(location: Location, home: string, repoRoot: string, name: string): string {
  return location === 'inside' ? join(repoRoot, INSIDE_FOLDER, name) : join(home, 'worktrees', repoKey(repoRoot), name);
}
