// Project instructions for the model: $TACK_HOME/AGENTS.md, then AGENTS.md (else CLAUDE.md) in each
// directory from the repository root down to the cwd, capped so they cannot crowd out the task.
// A repository's files are read only where they really are inside it, and only regular files: they
// reach the model before any question is asked.
import { join, relative, resolve, sep } from 'node:path';
import { readBounded } from '../../config/bounded-read.js';
import { findRepoRoot } from '../../config/paths.js';

export const CONTEXT_LIMIT_BYTES = 32 * 1024;

export interface ContextFile {
  path: string;
  text: string;
}

/** Up to one byte past the cap: enough for the cut and its note, never the whole of a huge file. */
function readIfThere(path: string, within: string | undefined): string | undefined {
  const read = readBounded(path, { limit: CONTEXT_LIMIT_BYTES + 1, within });
  return read.ok ? read.text : undefined;
}

/** The directories from the repository root (or the cwd alone, outside a repository) down to the cwd. */
function chain(cwd: string): { root: string; dirs: string[] } {
  const here = resolve(cwd);
  const root = findRepoRoot(here) ?? here;
  const dirs = [root];
  const rest = relative(root, here);
  if (rest) for (const part of rest.split(sep)) dirs.push(join(dirs[dirs.length - 1], part));
  return { root, dirs };
}

export function findContextFiles(cwd: string, home: string): ContextFile[] {
  const found: ContextFile[] = [];
  const global = join(home, 'AGENTS.md');
  // the user's own file may lead anywhere; the repository's must stay inside it
  const globalText = readIfThere(global, undefined);
  if (globalText !== undefined) found.push({ path: global, text: globalText });
  const { root, dirs } = chain(cwd);
  for (const dir of dirs) {
    for (const name of ['AGENTS.md', 'CLAUDE.md']) {
      const path = join(dir, name);
      if (path === global) continue;
      const text = readIfThere(path, root);
      if (text !== undefined) {
        found.push({ path, text });
        break;
      }
    }
  }
  return found;
}

/** The files as one prompt section, cut at the byte limit with a note saying so. */
export function renderContextFiles(files: ContextFile[], limit = CONTEXT_LIMIT_BYTES): string {
  if (files.length === 0) return '';
  let used = 0;
  const parts: string[] = ['\n# Project instructions (from context files; follow them)'];
  for (const [i, file] of files.entries()) {
    const bytes = Buffer.byteLength(file.text);
    if (used + bytes > limit) {
      const room = Math.max(0, limit - used);
      const cut = Buffer.from(file.text)
        .subarray(0, room)
        .toString('utf8')
        .replace(/\uFFFD$/, '');
      const skipped = files.slice(i + 1).map((f) => f.path);
      parts.push(`\n## ${file.path}\n${cut}`);
      parts.push(`\n[context files cut at ${limit / 1024} KB: the rest of ${file.path}${skipped.length ? ` and ${skipped.join(', ')}` : ''} not included]`);
      break;
    }
    used += bytes;
    parts.push(`\n## ${file.path}\n${file.text.trimEnd()}`);
  }
  return parts.join('\n');
}
