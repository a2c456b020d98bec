// What a walk found, sorted: files to stage, paths to take out (gone, secret, too large, beyond a
// link, hard-linked) and files left out for their size. Reads only stats; the limits say when a folder is too big.
import type { Stats } from 'node:fs';
import { join } from 'node:path';
import { hasOtherNames } from '../../tools/fs/own/index.js';
import { lstatOrUndefined, underLink } from './work-tree.js';

export interface SortRules {
  isSecret: (path: string) => boolean;
  maxFileBytes: number;
  limits: { files: number; bytes: number };
}

export interface Sorted {
  /** files and links to stage, with their stat */
  update: Map<string, Stats>;
  /** paths the tree must not hold */
  drop: string[];
  /** files left out for their size (also in drop) */
  skipped: string[];
}

const count = (n: number) => n.toLocaleString('en-US');

export function sortListed(workspace: string, paths: Iterable<string>, rules: SortRules): Sorted {
  const update = new Map<string, Stats>();
  const drop: string[] = [];
  const skipped: string[] = [];
  const realDirs = new Map<string, boolean>();
  let bytes = 0;
  for (const path of new Set(paths)) {
    if (path.endsWith('/')) continue; // a nested repository: its own history, not copied
    // secret files (.env, keys, what the user's deny rules name) never leave the workspace for $TACK_HOME
    if (rules.isSecret(path)) {
      drop.push(path);
      continue;
    }
    const st = underLink(workspace, path, realDirs) ? undefined : lstatOrUndefined(join(workspace, path));
    if (st?.isFile() && st.size > rules.maxFileBytes) {
      skipped.push(path);
      drop.push(path);
    } else if (st && !hasOtherNames(st) && (st.isFile() || st.isSymbolicLink())) {
      update.set(path, st);
      bytes += st.size;
      // a folder far too large is told at once, without a look at the rest of it
      if (update.size > rules.limits.files)
        throw new Error(
          `more than ${count(rules.limits.files)} files here would be copied (checkpoints.maxFiles); start tack in a project's folder, or raise the limit in settings`,
        );
    } else drop.push(path); // gone, a folder now, beyond a link, or one of several names of a file (one may be a secret elsewhere)
  }
  if (bytes > rules.limits.bytes)
    throw new Error(
      `${count(Math.ceil(bytes / 1048576))} MB here would be copied, more than checkpoints.maxCopyMB (${count(Math.round(rules.limits.bytes / 1048576))}); start tack in a project's folder, or raise the limit in settings`,
    );
  return { update, drop, skipped: skipped.sort() };
}

/** A file's stat as a key: when it is the same, so are its bytes (git's own index trusts this). */
export const statKey = (st: Stats): string => `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}:${st.mode}`;
