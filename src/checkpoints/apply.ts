// Writes a planned restore into the workspace: files back to the bytes of the checkpoint, files it did
// not have deleted. Nothing is ever written or deleted through a link or outside the workspace.
import { dirname } from 'node:path';
import { linkOwn, OwnFileError, removeOwn, writeOwn } from '../../tools/fs/own/index.js';
import { MODE, type TreeChange } from './tree-diff.js';

export interface Refusal {
  path: string;
  reason: string;
}

export interface ApplyResult {
  /** written with the checkpoint's bytes (created or replaced) */
  written: string[];
  deleted: string[];
  refused: Refusal[];
}

/** A path git gave us, checked again: relative, no `..`, no `.git`, no empty part. */
export function safeRelative(path: string): boolean {
  if (path.startsWith('/') || path.includes('\0') || path.includes('\\')) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && part.toLowerCase() !== '.git');
}

const FOLDER_IN_PLACE = 'a folder with files stands in its place';

/** Folders a deletion left empty go too, up to the workspace. */
function pruneEmpty(root: string, path: string): void {
  try {
    for (let dir = dirname(path); dir !== '.'; dir = dirname(dir)) if (removeOwn(root, dir) !== 'removed') return;
  } catch {
    // a link in the way now: what is left stays
  }
}

function reasonOf(error: unknown): string {
  return error instanceof OwnFileError ? error.reason : (error as Error).message;
}

/**
 * Applies `changes` (from the workspace's current tree to the checkpoint's), except the paths in `keep`.
 * `blobs` holds the checkpoint's bytes by blob id.
 */
export function applyChanges(workspace: string, changes: TreeChange[], blobs: Map<string, Buffer>, keep: ReadonlySet<string> = new Set()): ApplyResult {
  const result: ApplyResult = { written: [], deleted: [], refused: [] };
  const todo = changes.filter((c) => !keep.has(c.path) && c.oldMode !== MODE.gitlink && c.newMode !== MODE.gitlink);
  for (const c of todo) {
    if (!safeRelative(c.path)) result.refused.push({ path: c.path, reason: 'not a plain path inside the workspace' });
  }
  const valid = todo.filter((c) => safeRelative(c.path));
  // deletions first: a link or file the agent put where a folder belongs must go before the folder's files come back
  for (const c of valid.filter((x) => x.status === 'D' || x.status === 'T')) {
    try {
      const removed = removeOwn(workspace, c.path);
      if (removed === 'folder') result.refused.push({ path: c.path, reason: FOLDER_IN_PLACE });
      else if (removed === 'removed' && c.status === 'D') {
        result.deleted.push(c.path);
        pruneEmpty(workspace, c.path);
      }
    } catch (err) {
      // a type change is said once, by the write below
      if (c.status === 'D') result.refused.push({ path: c.path, reason: reasonOf(err) });
    }
  }
  for (const c of valid.filter((x) => x.status !== 'D').sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const bytes = blobs.get(c.newId);
    if (!bytes) {
      result.refused.push({ path: c.path, reason: 'its content is missing from the checkpoint store' });
      continue;
    }
    try {
      if (removeOwn(workspace, c.path) === 'folder') {
        result.refused.push({ path: c.path, reason: FOLDER_IN_PLACE });
        continue;
      }
      if (c.newMode === MODE.link) linkOwn(workspace, c.path, bytes.toString('utf8'));
      else writeOwn(workspace, c.path, bytes, { mode: c.newMode === MODE.exec ? 0o755 : 0o644 });
      result.written.push(c.path);
    } catch (err) {
      result.refused.push({ path: c.path, reason: reasonOf(err) });
    }
  }
  return result;
}
