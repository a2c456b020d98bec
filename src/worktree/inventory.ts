// tack's worktrees of a repository: those tack's records (in its home, record.ts) name, while git's
// own files still agree with the record (its folder, its branch). A worktree the user made has no
// record, and one made where tack's was does not agree, so nothing here lists, counts or removes it.
import { existsSync } from 'node:fs';
import { readRecord, recordAgrees, recordFile, recordsDir, repositoryRecords, type WorktreeRecord } from '../../tools/sandbox/worktree-records.js';
import type { RecordPlace } from './record.js';

export interface TackWorktree extends RecordPlace {
  /** the work tree's folder */
  path: string;
  /** `.git/worktrees/<id>` */
  adminDir: string;
  /** the folder is gone (deleted by hand): only git's record of it is left */
  missing: boolean;
}

function agreeing(records: string, r: WorktreeRecord | undefined, commonDir: string): TackWorktree | undefined {
  const agrees = r && recordAgrees(r, commonDir);
  return agrees ? { marker: r, records, path: r.path, adminDir: r.adminDir, missing: agrees.missing } : undefined;
}

export function tackWorktrees(home: string, commonDir: string): TackWorktree[] {
  const records = recordsDir(home, commonDir);
  return repositoryRecords(records).flatMap((r) => agreeing(records, r, commonDir) ?? []);
}

export function findTackWorktree(home: string, commonDir: string, name: string): TackWorktree | undefined {
  const records = recordsDir(home, commonDir);
  return agreeing(records, readRecord(recordFile(records, name)), commonDir);
}

/** Records of worktrees git no longer knows (removed with git itself): tack's own files to forget. */
export function forgottenByGit(home: string, commonDir: string): RecordPlace[] {
  const records = recordsDir(home, commonDir);
  return repositoryRecords(records)
    .filter((r) => !existsSync(r.adminDir))
    .map((marker) => ({ records, marker }));
}
