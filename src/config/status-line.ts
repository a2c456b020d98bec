// Where the status line's command comes from: tack's settings (the last file that names one; a
// project's only once trusted, as every project setting), else Claude Code's user settings
// (`~/.claude/settings.json`, the user's own), read as Claude Code reads them.
import { join } from 'node:path';
import { readBounded } from './bounded-read.js';
import type { LoadedFile } from './files.js';

export interface StatusLineSetting {
  command: string;
  /** columns of space before the output */
  padding: number;
  /** the settings file it came from */
  path: string;
}

const SETTINGS_LIMIT = 1024 * 1024;

export function statusLineOf(loaded: LoadedFile[]): { statusLine?: StatusLineSetting } {
  const last = loaded.filter((l) => l.config.statusLine).at(-1);
  const s = last?.config.statusLine;
  return s && last ? { statusLine: { command: s.command, padding: s.padding ?? 0, path: last.path } } : {};
}

/** Claude Code's `statusLine` in the user's own settings, when it is a command; a broken file names none. */
export function claudeStatusLine(userHome: string): StatusLineSetting | undefined {
  const path = join(userHome, '.claude', 'settings.json');
  const read = readBounded(path, { limit: SETTINGS_LIMIT, within: undefined });
  if (!read.ok) return undefined;
  try {
    const s = (JSON.parse(read.text) as { statusLine?: { type?: unknown; command?: unknown; padding?: unknown } } | null)?.statusLine;
    if (s?.type !== 'command' || typeof s.command !== 'string' || s.command.trim() === '') return undefined;
    const padding = typeof s.padding === 'number' && Number.isInteger(s.padding) && s.padding >= 0 ? Math.min(s.padding, 40) : 0;
    return { command: s.command, padding, path };
  } catch {
    return undefined;
  }
}
