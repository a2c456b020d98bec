// Where `tack -w` puts a worktree: read from the user's own settings file before anything else is,
// since the folder tack works in (and so the project's settings) depends on it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Location } from './names.js';

export function worktreeLocation(home: string): Location {
  try {
    const settings = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')) as { worktrees?: { location?: unknown } };
    return settings.worktrees?.location === 'inside' ? 'inside' : 'home';
  } catch {
    return 'home';
  }
}
