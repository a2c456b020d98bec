// "Did you mean": the paths near one that does not exist, so a not-found error names what the model
// most likely meant instead of leaving it to search.
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { displayPath, isInside } from './paths.js';
import { walkFiles } from './walk.js';

/** Edit distance between two short strings (names), for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Lower is closer; undefined when the names are not alike at all. */
function nameScore(wanted: string, candidate: string): number | undefined {
  const a = wanted.toLowerCase();
  const b = candidate.toLowerCase();
  if (a === b) return 0;
  const stemA = a.slice(0, a.length - extname(a).length);
  const stemB = b.slice(0, b.length - extname(b).length);
  if (stemA && stemA === stemB) return 1;
  const distance = editDistance(a, b);
  if (distance <= Math.max(2, Math.floor(Math.max(a.length, b.length) / 4))) return 1 + distance;
  if (stemA.length >= 3 && stemB.length >= 3 && (stemA.includes(stemB) || stemB.includes(stemA))) return 10;
  return undefined;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The deepest directory of `absolute` that exists, and the path parts below it that do not. */
async function splitAtMissing(absolute: string): Promise<{ base: string; missing: string[] }> {
  const missing: string[] = [];
  let base = absolute;
  while (!(await exists(base))) {
    const parent = dirname(base);
    if (parent === base) break;
    missing.unshift(basename(base));
    base = parent;
  }
  return { base, missing };
}

/**
 * Existing paths that look like what the model meant by a path that does not exist: siblings with a
 * close name, else files of the same name elsewhere in the workspace. Shown as the model would write them.
 */
export async function similarPaths(absolute: string, root: string, max = 3): Promise<string[]> {
  const { base, missing } = await splitAtMissing(absolute);
  const [wanted, ...rest] = missing;
  if (wanted === undefined) return [];
  const entries = await readdir(base).catch(() => [] as string[]);
  const scored = entries
    .map((name) => ({ name, score: nameScore(wanted, name) }))
    .filter((entry): entry is { name: string; score: number } => entry.score !== undefined)
    .sort((x, y) => x.score - y.score || x.name.localeCompare(y.name))
    .slice(0, max);
  const found: string[] = [];
  for (const { name } of scored) {
    const full = join(base, name, ...rest);
    found.push(displayPath(root, rest.length > 0 && (await exists(full)) ? full : join(base, name)));
  }
  if (found.length > 0 || !isInside(root, absolute)) return found;
  // A right name in the wrong folder is the other common slip.
  const name = basename(absolute);
  const elsewhere = await walkFiles(root, { skip: new Set(['.git', 'node_modules']), limit: 100_000 }).catch(() => [] as string[]);
  return elsewhere
    .filter((file) => basename(file) === name)
    .sort()
    .slice(0, max)
    .map((file) => displayPath(root, file));
}

/** "no such file src/utils.ts; similar: src/util.ts" */
export async function notFoundMessage(absolute: string, root: string, noun = 'file'): Promise<string> {
  const similar = await similarPaths(absolute, root);
  const shown = displayPath(root, absolute);
  return similar.length > 0 ? `no such ${noun} ${shown}; similar: ${similar.join(', ')}` : `no such ${noun} ${shown}`;
}
