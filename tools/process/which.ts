// An executable's path on PATH (rg, bwrap, a language server), looked up each time since PATH may change.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Full path of an executable on PATH, or undefined. Looked up on each call, as PATH may change. */
export function findExecutable(name: string): string | undefined {
  for (const directory of (process.env.PATH ?? '').split(delimiter)) {
    if (!directory) continue;
    const candidate = join(directory, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here; try the next directory
    }
  }
  return undefined;
}
