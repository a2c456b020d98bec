// The home folder's package caches a command the user approved may write (installs need them), and
// what inside a writable place holds programs that run later outside the sandbox, kept read-only: a
// folder on PATH (`~/.cargo/bin`, `node_modules/.bin` when the user put it there), npx's installed
// packages, corepack's package managers, pre-commit's hook environments. A command nobody was asked
// about gets none of the caches: the whole home folder is read-only for it.
import { existsSync, mkdirSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { isInside } from '../fs/paths.js';

/**
 * What installs write, each a store of downloads and unpacked sources, never a folder of programs
 * that run by name: cargo's registry but not `~/.cargo/bin` or its config, pnpm's store but not
 * its global bin folder, the module cache of Go, Maven's and Gradle's downloads. rustup's toolchains
 * are programs, so `~/.rustup` is not here.
 */
export const HOME_CACHES = [
  '.npm',
  '.cache',
  '.cargo/registry',
  '.cargo/git',
  '.local/share/pnpm/store',
  '.pnpm-store',
  '.yarn/berry/cache',
  '.bun/install/cache',
  'go/pkg/mod',
  '.m2/repository',
  '.gradle/caches',
];
/** Created when missing, so `npm install` works in a fresh home. */
export const CREATED_CACHES = ['.npm', '.cache'];
/** Inside a cache: what a program outside the sandbox runs later (`npx NAME`, `pnpm` through corepack, `git commit` through pre-commit). */
const RUN_LATER_IN_CACHES = ['_npx', 'node/corepack', 'pre-commit'];

export interface HeldInWritable {
  /** bound read-only over the writable place */
  readOnly: string[];
  /** not there and not creatable: an empty read-only folder holds each, so no command can create it */
  missing: string[];
}

/** Made empty once, so it can be bound read-only: an empty folder is what npx, corepack and pre-commit start from anyway. */
function made(path: string): boolean {
  try {
    mkdirSync(path, { recursive: true });
  } catch {
    // a read-only home: held by a placeholder instead
  }
  return existsSync(path);
}

/** The PATH folders (relative ones against the workspace) that lie in a writable place, the place itself excepted. */
function pathFoldersIn(writable: readonly string[], cwd: string, path: string): string[] {
  const folders = path
    .split(delimiter)
    .filter((dir) => dir !== '')
    .map((dir) => (isAbsolute(dir) ? dir : resolve(cwd, dir)));
  return [...new Set(folders)].filter((dir) => writable.some((place) => dir !== place && isInside(place, dir)) && existsSync(dir));
}

/** What must stay read-only inside the writable places (`caches` among them) so that nothing written there runs later. */
export function heldInWritable(writable: readonly string[], caches: readonly string[], cwd: string, path = process.env.PATH ?? ''): HeldInWritable {
  const inCaches = caches.flatMap((cache) => RUN_LATER_IN_CACHES.map((rel) => join(cache, rel)));
  const there = inCaches.filter((p) => existsSync(p) || made(p));
  return { readOnly: [...pathFoldersIn(writable, cwd, path), ...there], missing: inCaches.filter((p) => !there.includes(p)) };
}
