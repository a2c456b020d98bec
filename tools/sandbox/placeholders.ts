// Paths on the runs-later list that do not exist yet (`.vscode/` in a repository without one, the
// hooks folder git's config names before husky made it) cannot be bound read-only as they are, so a
// command could create them. bwrap binds an empty read-only folder at each instead, which makes a
// mount point (and any missing parents) in the workspace itself. An empty folder is what git and
// every settings reader ignore; this takes them away again once no command of this process holds
// them, so the user's tree is left as it was. (A tack killed mid-command leaves them empty.)
import { existsSync, mkdirSync, readdirSync, rmdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ownTempDir } from '../process/own-temp.js';

interface Place {
  holders: number;
  /** what did not exist before the first holder, deepest first: the path and the parents bwrap makes */
  made: string[];
}

const places = new Map<string, Place>();
let empty: string | undefined;

/** An empty folder to bind read-only over a place; one per tack process, never written. */
export function emptyDir(): string {
  if (!empty) {
    empty = join(ownTempDir('empty'), 'empty-dir');
    mkdirSync(empty, { recursive: true, mode: 0o555 });
  }
  return empty;
}

function missingChain(path: string): string[] {
  const made: string[] = [];
  for (let p = path; !existsSync(p) && dirname(p) !== p; p = dirname(p)) made.push(p);
  return made;
}

function isEmptyDir(path: string): boolean {
  try {
    return readdirSync(path).length === 0;
  } catch {
    return false;
  }
}

function takeAway(place: Place): void {
  for (const path of place.made) {
    if (!isEmptyDir(path)) return;
    try {
      rmdirSync(path);
    } catch {
      return;
    }
  }
}

/**
 * Holds the places of `missing` for one command (and again those made for an earlier command still
 * running, found among `bound`); the function returned lets go when the command has ended.
 */
export function holdPlaces(missing: readonly string[], bound: readonly string[]): () => void {
  const held: string[] = [];
  for (const path of missing) {
    const place = places.get(path) ?? { holders: 0, made: missingChain(path) };
    place.holders++;
    places.set(path, place);
    held.push(path);
  }
  for (const path of bound) {
    const place = places.get(path);
    if (place) {
      place.holders++;
      held.push(path);
    }
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const path of held) {
      const place = places.get(path)!;
      if (--place.holders > 0) continue;
      places.delete(path);
      takeAway(place);
    }
  };
}

/**
 * A tack killed mid-command leaves its placeholders: where a file belongs (`.mcp.json`, a script a
 * hook runs) an empty folder would read as a broken file, so one that no command holds is removed.
 */
export function sweepLeftovers(files: readonly string[]): void {
  for (const path of files) {
    if (!places.has(path) && isEmptyDir(path)) {
      try {
        rmdirSync(path);
      } catch {}
    }
  }
}
