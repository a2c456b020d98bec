// What the store asks of the work tree directly, without git: a path's stat, whether it lies beyond a
// link, whether a folder changed after a moment.
import { lstatSync, readdirSync, type Stats } from 'node:fs';
import { join } from 'node:path';

export function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Whether a folder on the path is a link (or gone): what lies beyond is not the workspace's. */
export function underLink(root: string, path: string, known: Map<string, boolean>): boolean {
  const parts = path.split('/');
  for (let i = 1; i < parts.length; i++) {
    const dir = parts.slice(0, i).join('/');
    let real = known.get(dir);
    if (real === undefined) {
      real = lstatOrUndefined(join(root, dir))?.isDirectory() === true;
      known.set(dir, real);
    }
    if (!real) return true;
  }
  return false;
}

/** A folder, or one of its direct entries, changed after `since` (ms). */
export function changedSince(dir: string, since: number): boolean {
  const st = lstatOrUndefined(dir);
  if (!st?.isDirectory()) return false;
  if (st.mtimeMs > since || st.ctimeMs > since) return true;
  try {
    return readdirSync(dir).some((name) => {
      const entry = lstatOrUndefined(join(dir, name));
      return entry !== undefined && (entry.mtimeMs > since || entry.ctimeMs > since);
    });
  } catch {
    return false;
  }
}

/**
 * Whether no ignore rule can name `path` (relative): no `.gitignore` in the folders above it, none of
 * them named in `excludedDirs` or holding a repository of its own. When one may, git is asked.
 */
export function noRuleCanName(root: string, path: string, excludedDirs: readonly string[]): boolean {
  const parts = path.split('/');
  for (let depth = 0; depth < parts.length; depth++) {
    const dir = join(root, ...parts.slice(0, depth));
    if (lstatOrUndefined(join(dir, '.gitignore')) !== undefined) return false;
    if (depth > 0 && (excludedDirs.includes(parts[depth - 1]!) || lstatOrUndefined(join(dir, '.git')) !== undefined)) return false;
  }
  return true;
}
