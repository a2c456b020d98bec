// Which worktrees tack made: a record of each in tack's own home, `$TACK_HOME/worktree-records/
// <repository>/<name>.json`, never a file in the repository's `.git`, whose worktree admin folders a
// sandboxed command in a tack worktree can write (so it could forge one). Read here from the files,
// with no process; src/worktree/record.ts writes them.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface WorktreeRecord {
  name: string;
  /** the work tree's folder, as a real path (as git records it) */
  path: string;
  /** its admin folder, `<common dir>/worktrees/<id>` */
  adminDir: string;
  branch: string;
  /** the commit the worktree started from */
  base: string;
  /** what the user named as the base (`HEAD` unless `--from`) */
  from: string;
  createdAt: string;
  /** files `.worktreeinclude` copied in: not counted as the worktree's own changes */
  included: string[];
}

/** The folder of a repository's records; `commonDir` is its shared git folder, as a real path. */
export function recordsDir(tackHome: string, commonDir: string): string {
  const name = basename(dirname(commonDir)).replace(/[^A-Za-z0-9._-]/g, '-') || 'repo';
  return join(tackHome, 'worktree-records', `${name}-${createHash('sha256').update(commonDir).digest('hex').slice(0, 12)}`);
}

export function recordFile(records: string, name: string): string {
  return join(records, `${name}.json`);
}

export function readRecord(file: string): WorktreeRecord | undefined {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8')) as Partial<WorktreeRecord>;
    const strings = [r.name, r.path, r.adminDir, r.branch, r.base, r.from, r.createdAt];
    if (strings.some((s) => typeof s !== 'string') || !Array.isArray(r.included)) return undefined;
    return { ...(r as WorktreeRecord), included: r.included.filter((p) => typeof p === 'string') };
  } catch {
    return undefined;
  }
}

/** Every record of the repository, whatever git says of it now. */
export function repositoryRecords(records: string): WorktreeRecord[] {
  let names: string[];
  try {
    names = readdirSync(records);
  } catch {
    return [];
  }
  return names.flatMap((f) => {
    const r = f.endsWith('.json') ? readRecord(join(records, f)) : undefined;
    return r && recordFile(records, r.name) === join(records, f) ? [r] : [];
  });
}

/**
 * Whether git's own files still say what the record says: the admin folder is this repository's, it
 * names the recorded folder, and its HEAD is the recorded branch. A worktree someone made later
 * where tack's was is not tack's; undefined then, else whether the folder is gone.
 */
export function recordAgrees(r: WorktreeRecord, commonDir: string): { missing: boolean } | undefined {
  if (dirname(r.adminDir) !== join(commonDir, 'worktrees')) return undefined;
  const gitFile = small(join(r.adminDir, 'gitdir'));
  if (gitFile === undefined || dirname(gitFile) !== r.path) return undefined;
  if (small(join(r.adminDir, 'HEAD')) !== `ref: refs/heads/${r.branch}`) return undefined;
  return { missing: !existsSync(gitFile) };
}

function small(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').slice(0, 4096).trim();
  } catch {
    return undefined;
  }
}

/** The real path, or the path itself when it is not there. */
export function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
