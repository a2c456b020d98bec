// A folder the sandbox hides (tack's home) can hold the workspace itself: a `tack -w` worktree lives
// under `$TACK_HOME/worktrees/`. Then everything in it is hidden but the way down to the workspace,
// so a command there still cannot read the sessions, settings or other worktrees beside it.
import { lstatSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isInside } from '../fs/paths.js';

export function hiddenAround(hide: readonly string[], cwd: string): { dirs: string[]; files: string[] } {
  const dirs: string[] = [];
  const files: string[] = [];
  for (const top of hide) {
    if (top === cwd || !isInside(top, cwd)) continue;
    let dir = top;
    for (const step of relative(top, cwd).split(sep)) {
      for (const entry of safeList(dir)) {
        if (entry === step) continue;
        const path = join(dir, entry);
        // links are left alone: bwrap would mount over what they point to
        const stat = lstatSync(path, { throwIfNoEntry: false });
        if (stat?.isDirectory()) dirs.push(path);
        else if (stat?.isFile()) files.push(path);
      }
      dir = join(dir, step);
    }
  }
  return { dirs, files };
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
