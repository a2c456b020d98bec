// The symbolic links below a directory, for find to say which ones lead out of the workspace (it does
// not follow them). `find(1)` does the walk: several times cheaper than a readdir walk in JavaScript,
// and it runs beside the glob.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { findExecutable } from '../process/which.js';

async function scan(root: string, skip: ReadonlySet<string>): Promise<string[]> {
  const links: string[] = [];
  const visit = async (directory: string): Promise<void> => {
    const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
    const below: Promise<void>[] = [];
    for (const entry of entries) {
      if (entry.isDirectory() && !skip.has(entry.name)) below.push(visit(join(directory, entry.name)));
      else if (entry.isSymbolicLink()) links.push(join(directory, entry.name));
    }
    await Promise.all(below);
  };
  await visit(root);
  return links;
}

/** Every link below `root`, not entering the directories named in `skip`. */
export async function symlinksBelow(root: string, skip: readonly string[], signal?: AbortSignal): Promise<string[]> {
  const find = findExecutable('find');
  if (!find) return scan(root, new Set(skip));
  const pruned = skip.flatMap((name, i) => (i === 0 ? ['-name', name] : ['-o', '-name', name]));
  // loaded on the first look: a run that never needs it keeps execa out of start-up
  const { execa } = await import('execa');
  const result = await execa(find, [root, ...(pruned.length > 0 ? ['(', ...pruned, ')', '-prune', '-o'] : []), '-type', 'l', '-print0'], {
    reject: false,
    cancelSignal: signal,
    stdin: 'ignore',
    stderr: 'ignore',
    maxBuffer: 64 * 1024 * 1024,
  });
  return result.stdout.split('\0').filter(Boolean);
}
