// Where tack's own files are (prompts, package.json) and where the user's are ($TACK_HOME).
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expandHome } from '../../tools/fs/paths.js';

let root: string | undefined;

/** The installed package's root: found upward from this file, so it works from src/ and dist/src/. */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'prompts'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the tack package root');
    dir = up;
  }
  return (root = dir);
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

export function tackHome(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(expandHome(env.TACK_HOME || join(homedir(), '.tack')));
}

/** The nearest directory at or above `cwd` holding `.git`, if any. */
export function findRepoRoot(cwd: string): string | undefined {
  let dir = resolve(cwd);
  for (;;) {
    if (existsSync(join(dir, '.git'))) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** A folder's name among tack's per-workspace folders (sessions, checkpoints): its absolute path, flattened. */
export function cwdSlug(cwd: string): string {
  return resolve(cwd).replace(/[^A-Za-z0-9._-]/g, '-');
}

/** Where the sessions of a workspace are kept. */
export function sessionsDir(home: string, cwd: string): string {
  return join(home, 'sessions', cwdSlug(cwd));
}
