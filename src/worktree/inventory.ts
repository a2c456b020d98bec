// tack's worktrees of a repository: the admin folders under `.git/worktrees/` that hold tack's
// marker. A worktree the user made holds none, so nothing here ever lists, counts or removes it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Marker, readMarker } from './marker.js';

export interface TackWorktree {
  marker: Marker;
  /** the work tree's folder */
  path: string;
  /** `.git/worktrees/<id>` */
  adminDir: string;
  /** the folder is gone (deleted by hand): only git's record of it is left */
  missing: boolean;
}

export function tackWorktrees(commonDir: string): TackWorktree[] {
  const base = join(commonDir, 'worktrees');
  if (!existsSync(base)) return [];
  return readdirSync(base, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return [];
    const adminDir = join(base, entry.name);
    const marker = readMarker(adminDir);
    if (!marker) return [];
    let gitFile: string;
    try {
      gitFile = readFileSync(join(adminDir, 'gitdir'), 'utf8').trim();
    } catch {
      return [];
    }
    const path = dirname(gitFile);
    return [{ marker, path, adminDir, missing: !existsSync(gitFile) }];
  });
}

export function findTackWorktree(commonDir: string, name: string): TackWorktree | undefined {
  return tackWorktrees(commonDir).find((w) => w.marker.name === name);
}
