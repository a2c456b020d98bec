// Writes a planned restore into the workspace: files back to the bytes of the checkpoint, files it did
// not have deleted. Nothing is ever written or deleted through a link or outside the workspace.
import { lstatSync, mkdirSync, readdirSync, realpathSync, rmdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

function lstatOrNull(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

const GONE = 'its folder is gone';

/** Makes sure every folder on the way is a real folder inside the workspace (made when missing); else why not. */
function prepareParents(root: string, path: string, create: boolean): string | undefined {
  const parts = path.split('/').slice(0, -1);
  let dir = root;
  for (const part of parts) {
    dir = join(dir, part);
    const st = lstatOrNull(dir);
    if (st?.isDirectory()) continue;
    if (st) return `${st.isSymbolicLink() ? 'a link' : 'a file'} stands where its folder ${dir.slice(root.length + 1)} should be`;
    if (!create) return GONE;
    mkdirSync(dir);
  }
  return undefined;
}

/** Removes a file or link (never a folder's contents); true when the place is free now. */
function clear(abs: string): boolean {
  const st = lstatOrNull(abs);
  if (!st) return true;
  if (!st.isDirectory()) {
    unlinkSync(abs);
    return true;
  }
  if (readdirSync(abs).length > 0) return false;
  rmdirSync(abs);
  return true;
}

/** Folders a deletion left empty go too, up to the workspace. */
function pruneEmpty(root: string, path: string): void {
  for (let dir = dirname(join(root, path)); dir.length > root.length; dir = dirname(dir)) {
    try {
      if (readdirSync(dir).length > 0) return;
      rmdirSync(dir);
    } catch {
      return;
    }
  }
}

/**
 * Applies `changes` (from the workspace's current tree to the checkpoint's), except the paths in `keep`.
 * `blobs` holds the checkpoint's bytes by blob id.
 */
export function applyChanges(workspace: string, changes: TreeChange[], blobs: Map<string, Buffer>, keep: ReadonlySet<string> = new Set()): ApplyResult {
  const root = realpathSync(workspace);
  const result: ApplyResult = { written: [], deleted: [], refused: [] };
  const todo = changes.filter((c) => !keep.has(c.path) && c.oldMode !== MODE.gitlink && c.newMode !== MODE.gitlink);
  for (const c of todo) {
    if (!safeRelative(c.path)) result.refused.push({ path: c.path, reason: 'not a plain path inside the workspace' });
  }
  const valid = todo.filter((c) => safeRelative(c.path));
  // deletions first: a link or file the agent put where a folder belongs must go before the folder's files come back
  for (const c of valid.filter((x) => x.status === 'D' || x.status === 'T')) {
    const why = prepareParents(root, c.path, false);
    if (why === GONE) continue; // its folder went, and the file with it
    if (why) {
      if (c.status === 'D') result.refused.push({ path: c.path, reason: why });
      continue;
    }
    try {
      if (!clear(join(root, c.path))) result.refused.push({ path: c.path, reason: 'a folder with files stands in its place' });
      else if (c.status === 'D') {
        result.deleted.push(c.path);
        pruneEmpty(root, c.path);
      }
    } catch (err) {
      result.refused.push({ path: c.path, reason: (err as Error).message });
    }
  }
  for (const c of valid.filter((x) => x.status !== 'D').sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const bytes = blobs.get(c.newId);
    if (!bytes) {
      result.refused.push({ path: c.path, reason: 'its content is missing from the checkpoint store' });
      continue;
    }
    try {
      const why = prepareParents(root, c.path, true);
      if (why) {
        result.refused.push({ path: c.path, reason: why });
        continue;
      }
      const abs = join(root, c.path);
      if (!clear(abs)) {
        result.refused.push({ path: c.path, reason: 'a folder with files stands in its place' });
        continue;
      }
      if (c.newMode === MODE.link) symlinkSync(bytes.toString('utf8'), abs);
      else writeFileSync(abs, bytes, { flag: 'wx', mode: c.newMode === MODE.exec ? 0o755 : 0o644 });
      result.written.push(c.path);
    } catch (err) {
      result.refused.push({ path: c.path, reason: (err as Error).message });
    }
  }
  return result;
}
