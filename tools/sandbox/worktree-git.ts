// What a command may write of git's folders in a worktree tack made (`tack -w`): its `.git` is a file
// naming `<repo>/.git/worktrees/<id>`, which shares the repository's `.git`. `git commit` there needs
// the worktree's own admin folder (index, HEAD, logs), the object store, and its branch's ref and
// reflog under `refs/heads/tack/`; nothing else of the user's `.git` (their index, their branches,
// the stash, packed-refs, hooks, config) is writable. Which worktrees are tack's, tack's own records
// say (worktree-records.ts), from where no command can write them; the admin folder's `gitdir` and
// `commondir` stay read-only, so the worktree stays what git and the record say it is.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isInside } from '../fs/paths.js';
import { realOrSelf, recordsDir, repositoryRecords } from './worktree-records.js';

/** The ref folder of every tack worktree's branch. */
const TACK_REFS = join('refs', 'heads', 'tack');

export interface WorktreeBinds {
  writable: string[];
  readOnly: string[];
}

/**
 * The binds for a workspace in a tack worktree (one tack's records in `tackHome` name), or undefined
 * for any other workspace (left as it was).
 */
export function tackWorktreeBinds(cwd: string, tackHome: string | undefined): WorktreeBinds | undefined {
  if (tackHome === undefined) return undefined;
  const layout = linkedWorktree(cwd);
  if (!layout) return undefined;
  const [adminDir, commonDir, here] = [realOrSelf(layout.adminDir), realOrSelf(layout.commonDir), realOrSelf(cwd)];
  const records = repositoryRecords(recordsDir(tackHome, commonDir));
  if (!records.some((r) => r.adminDir === adminDir && isInside(r.path, here))) return undefined;
  const refs = join(commonDir, TACK_REFS);
  const logs = join(commonDir, 'logs', TACK_REFS);
  for (const dir of [refs, logs]) {
    try {
      mkdirSync(dir, { recursive: true });
    } catch {
      // a read-only repository: commits fail there with git's own words
    }
  }
  return {
    writable: [adminDir, join(commonDir, 'objects'), refs, logs].filter((dir) => existsSync(dir)),
    readOnly: [join(adminDir, 'gitdir'), join(adminDir, 'commondir')].filter((file) => existsSync(file)),
  };
}

/** The admin and common git folders of the linked worktree `cwd` is in, if it is in one. */
export function linkedWorktree(cwd: string): { adminDir: string; commonDir: string } | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    if (existsSync(dotGit)) {
      if (statSync(dotGit).isDirectory()) return undefined;
      const gitdir = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
      if (!gitdir) return undefined;
      const adminDir = resolve(dir, gitdir);
      const commonFile = join(adminDir, 'commondir');
      if (!existsSync(commonFile)) return undefined;
      return { adminDir, commonDir: resolve(adminDir, readFileSync(commonFile, 'utf8').trim()) };
    }
    if (dirname(dir) === dir) return undefined;
  }
}
