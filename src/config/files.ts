// Reads and validates the settings files: $TACK_HOME/config.json and the project's .tack/config.json.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from './errors.js';
import { findRepoRoot } from './paths.js';
import { ConfigFileSchema, describeProblem, type ConfigFile } from './schema.js';

export interface LoadedFile {
  path: string;
  config: ConfigFile;
  /** the user's own file under $TACK_HOME, not a project's */
  own: boolean;
}

export function readConfigFile(path: string): ConfigFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read the settings file ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
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
