// Reading the files of a command or skill folder: a bounded walk, and each file read on its real
// path inside its folder (a project's `review.md -> ~/.ssh/id_rsa` is refused), capped in size.
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isInside } from '../../tools/fs/paths.js';
import { readBounded } from '../config/bounded-read.js';

/** A command or SKILL.md is a page of instructions; past this it is a mistake or an attack. */
export const EXTENSION_FILE_LIMIT = 256 * 1024;
const MAX_DEPTH = 4;
const MAX_FILES = 500;

/** Files under `dir` whose name passes `want`, relative to `dir` with `/`, sorted; links to folders are not entered. */
export function listFiles(dir: string, want: (name: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (rel: string, depth: number) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (found.length >= MAX_FILES) return;
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory() && depth < MAX_DEPTH && !e.name.startsWith('.')) walk(path, depth + 1);
      else if ((e.isFile() || e.isSymbolicLink()) && want(e.name)) found.push(path);
    }
  };
  walk('', 0);
  return found;
}

/** The text of a file in `dir`, or the reason it cannot be used. */
export function readExtensionFile(dir: string, rel: string): { text: string } | { problem: string } {
  // the buffer is sized to the file (a command is a few hundred bytes), never past the limit
  let size = EXTENSION_FILE_LIMIT;
  try {
    size = Math.min(statSync(join(dir, rel)).size, EXTENSION_FILE_LIMIT);
  } catch {}
  const read = readBounded(join(dir, rel), { limit: size, within: dir });
  if (!read.ok) return { problem: `it cannot be read: ${read.problem}` };
  if (read.truncated) return { problem: size < EXTENSION_FILE_LIMIT ? 'it changed while it was read' : `it is larger than ${EXTENSION_FILE_LIMIT / 1024} KB` };
  return { text: read.text };
}

/**
 * Why a folder of commands or skills (or one skill's folder) is not used, or undefined. A link up to a
 * folder that holds it (`.claude/skills -> ..`, `all -> .`) would make a skill of the whole project,
 * and its folder is what a skill's read rule opens; `tree`: the real folder it must stay in (a
 * project's root), undefined for the user's own folders, which may link anywhere but up.
 */
export function folderProblem(dir: string, tree: string | undefined): string | undefined {
  let real: string;
  let holder: string;
  try {
    real = realpathSync(dir);
    holder = realpathSync(dirname(dir));
  } catch {
    return undefined; // not there: nothing to load
  }
  if (isInside(real, holder)) return 'it is a link to a folder that holds it';
  if (tree !== undefined && !isInside(tree, real)) return `it leads outside the project, to ${real}`;
  return undefined;
}
