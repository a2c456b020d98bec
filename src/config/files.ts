// Reads and validates the settings files: $TACK_HOME/config.json and the project's .tack/config.json.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readBounded } from './bounded-read.js';
import { UsageError } from './errors.js';
import { findRepoRoot } from './paths.js';
import { ConfigFileSchema, describeProblem, type ConfigFile } from './schema.js';

export interface LoadedFile {
  path: string;
  config: ConfigFile;
  /** the user's own file under $TACK_HOME, not a project's */
  own: boolean;
}

/** Settings are a few kilobytes; a file past this is a mistake or an attack (`-> /dev/zero`). */
export const CONFIG_LIMIT_BYTES = 1024 * 1024;

/**
 * Reads a settings file on its real path, which must stay inside the folder holding its own folder
 * (the project for `.tack/config.json`; the folder around TACK_HOME for the global one), a regular
 * file of at most CONFIG_LIMIT_BYTES.
 */
export function readSettingsText(path: string): string {
  const read = readBounded(path, { limit: CONFIG_LIMIT_BYTES, within: dirname(dirname(resolve(path))) });
  if (!read.ok) throw new UsageError(`cannot read the settings file ${path}: ${read.problem}`);
  if (read.truncated) throw new UsageError(`the settings file ${path} is larger than ${CONFIG_LIMIT_BYTES / 1024 / 1024} MB; a settings file holds a few keys`);
  return read.text;
}

/** A settings file, read as readSettingsText does, parsed and checked against the schema. */
export function readConfigFile(path: string): ConfigFile {
  const text = readSettingsText(path);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`the settings file ${path} is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`the settings file ${path} must hold a JSON object`);
  }
  const problem = describeProblem(ConfigFileSchema, value);
  if (problem) throw new UsageError(`the settings file ${path} has a problem: ${problem}`);
  return value as ConfigFile;
}

/** The project settings file: the nearest .tack/config.json from `cwd` up to the repository root. */
export function findProjectConfig(cwd: string, globalPath: string): string | undefined {
  const stop = findRepoRoot(cwd) ?? resolve(cwd);
  let dir = resolve(cwd);
  for (;;) {
    const candidate = join(dir, '.tack', 'config.json');
    if (candidate !== globalPath && existsSync(candidate)) return candidate;
    if (dir === stop) return undefined;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/**
 * The settings files that apply, lowest precedence first: the user's own, then the project's when
 * the user trusts the folder (`src/trust` decides; an untrusted folder's file is never even parsed).
 */
export function loadConfigFiles(cwd: string, home: string, applyProject: boolean): LoadedFile[] {
  const globalPath = join(home, 'config.json');
  const files: LoadedFile[] = [];
  if (existsSync(globalPath)) files.push({ path: globalPath, config: readConfigFile(globalPath), own: true });
  const project = applyProject ? findProjectConfig(cwd, globalPath) : undefined;
  if (project) files.push({ path: project, config: readConfigFile(project), own: false });
  return files;
}
