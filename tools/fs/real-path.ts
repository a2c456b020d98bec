// Where a path really is. The workspace boundary is judged on this, never on the spelling: a checked-in
// `notes.md -> ~/.ssh/id_rsa`, a symlinked directory, or a hard link to an outside file all lead out.
import { lstat, readlink, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { displayPath, isInside } from './paths.js';

/** Kernel views of processes and devices: never part of a workspace, whatever links point there. */
const SYSTEM_TREES = ['/proc', '/sys', '/dev'];
const MAX_LINKS = 40;

export interface RealLocation {
  /** the path as given, made absolute */
  absolute: string;
  /** every symbolic link on the way resolved; for a path that does not exist yet, its nearest existing parent resolved */
  real: string;
  /** the real location is inside the (real) workspace, and no other name of the file can be outside it */
  inside: boolean;
  /** the last component of `absolute` is itself a symbolic link */
  finalLink: boolean;
  /** names of a regular file (hard links); above 1 the others may be anywhere */
  hardLinks: number;
}

const roots = new Map<string, Promise<string>>();

/** The workspace root with its own links resolved (it may be reached through one), once per root. */
export function realRoot(root: string): Promise<string> {
  let real = roots.get(root);
  if (!real) {
    real = realpath(root).catch(() => root);
    roots.set(root, real);
  }
  return real;
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** realpath, also for a path that does not exist (yet) or ends in a dangling link. */
async function resolveReal(path: string, depth: number): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    if (code(error) !== 'ENOENT' && code(error) !== 'ENOTDIR') return path;
  }
  if (depth < MAX_LINKS) {
    const target = await readlink(path).catch(() => undefined);
    if (target !== undefined) return resolveReal(resolve(dirname(path), target), depth + 1);
  }
  const parent = dirname(path);
  if (parent === path) return path;
  return join(await resolveReal(parent, depth + 1), basename(path));
}

/** Where `path` really is: its symbolic links resolved, also when it does not exist (yet). */
export function realPathOf(path: string): Promise<string> {
  return resolveReal(path, 0);
}

export function isSystemPath(real: string): boolean {
  return SYSTEM_TREES.some((tree) => isInside(tree, real));
}

/** Whether `real` is inside the workspace whose real root is `rootReal`. */
export function realInside(rootReal: string, real: string): boolean {
  return isInside(rootReal, real) && !(isSystemPath(real) && !isSystemPath(rootReal));
}

export async function locate(root: string, absolute: string): Promise<RealLocation> {
  const [rootReal, real, own] = await Promise.all([realRoot(root), realPathOf(absolute), lstat(absolute).catch(() => undefined)]);
  const finalLink = own?.isSymbolicLink() === true;
  const target = finalLink ? await stat(absolute).catch(() => undefined) : own;
  const hardLinks = target?.isFile() ? target.nlink : 1;
  return { absolute, real, inside: realInside(rootReal, real) && hardLinks <= 1, finalLink, hardLinks };
}

/** `notes.md -> /home/u/.ssh/id_rsa`, or why a file with several hard links cannot be shown to be inside. */
export function describeLocation(root: string, where: RealLocation): string {
  const shown = displayPath(root, where.absolute);
  if (where.real !== where.absolute && !where.inside) return `${shown} -> ${where.real}`;
  if (where.hardLinks > 1) return `${shown} (one of ${where.hardLinks} hard links to one file; the others may be outside the workspace)`;
  return shown;
}

/** The path as spelled leads outside although it is written as a path inside the workspace. */
export function leadsOut(root: string, where: RealLocation): boolean {
  return isInside(root, where.absolute) && !where.inside;
}

/** For links met in a listing: "linkdir -> /elsewhere: outside the workspace, not followed" for each that leads out. */
export async function linksLeading(root: string, links: readonly string[]): Promise<string[]> {
  const located = await Promise.all(links.map((link) => locate(root, link)));
  return located
    .filter((where) => !where.inside)
    .map((where) => `${displayPath(root, where.absolute)} -> ${where.real}: outside the workspace, not followed`)
    .sort();
}
