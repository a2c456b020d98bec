// Fingerprints of what a command runs (runs.ts): a script file by its content, a package.json
// script by its text alone (so adding a dependency changes nothing), a file that is not there yet as
// absent (creating it is a change). Trust stores them; a hook compares them before it runs.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { Runs } from './runs.js';

/** Past this a script is fingerprinted by size and time, and its text is not kept for a diff. */
const HASH_LIMIT = 8 * 1024 * 1024;
/** The most of a script's text trust keeps, to show what changed. */
export const KEPT_TEXT_LIMIT = 64 * 1024;
export const ABSENT = 'absent';

export interface Pin {
  /** an absolute path, or `<package.json path>#scripts.<name>` */
  key: string;
  /** the script's text now, or undefined when it is not there (or not a readable file) */
  text: string | undefined;
  sha256: string;
}

const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

function pinFile(path: string): Pin {
  try {
    const stats = statSync(path);
    if (!stats.isFile()) return { key: path, text: undefined, sha256: `not a file (${stats.mode.toString(8)})` };
    if (stats.size > HASH_LIMIT) return { key: path, text: undefined, sha256: `large:${stats.size}:${stats.mtimeMs}` };
    const bytes = readFileSync(path);
    return { key: path, text: bytes.includes(0) ? undefined : bytes.toString('utf8'), sha256: sha(bytes) };
  } catch {
    return { key: path, text: undefined, sha256: ABSENT };
  }
}

/** The pins of what a command runs, as the files are now. */
export function pinRuns(runs: Runs): Pin[] {
  return [...runs.files.map(pinFile), ...runs.scripts.map((s) => ({ key: `${s.file}#scripts.${s.name}`, text: s.text, sha256: sha(s.text) }))];
}

function scriptNow(key: string): Pin {
  const at = key.lastIndexOf('#scripts.');
  const file = key.slice(0, at);
  const name = key.slice(at + '#scripts.'.length);
  try {
    const text = (JSON.parse(readFileSync(file, 'utf8')) as { scripts?: Record<string, unknown> }).scripts?.[name];
    return typeof text === 'string' ? { key, text, sha256: sha(text) } : { key, text: undefined, sha256: ABSENT };
  } catch {
    return { key, text: undefined, sha256: ABSENT };
  }
}

/** The same pin as the disk has it now. */
function repin(pin: Pick<Pin, 'key'>): Pin {
  return pin.key.includes('#scripts.') ? scriptNow(pin.key) : pinFile(pin.key);
}

/** The pins whose file or script is no longer what it was. */
export function changedPins(pins: readonly Pin[]): Pin[] {
  return pins.filter((pin) => repin(pin).sha256 !== pin.sha256);
}

/** A pin's name for people and for trust.json: relative to the root, `/`-separated. */
export function pinName(key: string, root: string): string {
  const rel = relative(root, key);
  return (rel.startsWith('..') ? key : rel).split(sep).join('/');
}
