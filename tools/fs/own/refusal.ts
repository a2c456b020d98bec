// Why tack's own read or write of a file was not done, in one sentence: `notes.txt: a symbolic link to
// /home/u/.ssh/id_rsa, which tack does not follow`. `reason` alone reads after a caller's own words.
import { lstatSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

export class OwnFileError extends Error {
  constructor(
    /** the path as the caller named it, relative to its root */
    readonly path: string,
    readonly reason: string,
    /** ENOENT (nothing there) and EEXIST (a new file's name is taken) for callers that treat them apart */
    readonly code?: 'ENOENT' | 'EEXIST',
  ) {
    super(`${path}: ${reason}`);
    this.name = 'OwnFileError';
  }
}

export function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** What stands at `at` instead of a folder (`shown` names it), or undefined when nothing does. */
export function notAFolder(at: string, shown: string): string | undefined {
  const st = lstatSync(at, { throwIfNoEntry: false });
  if (!st) return undefined;
  if (st.isSymbolicLink()) return `the folder ${shown} is a symbolic link to ${readlinkSync(at)}, which tack does not follow`;
  return st.isDirectory() ? undefined : `${shown} is not a folder`;
}

/** The first folder on the way to `rel` below `root` that is not a real folder, said in one clause. */
export function linkOnTheWay(root: string, rel: string): string {
  const parts = rel.split('/');
  for (let i = 1; i < parts.length; i++) {
    const shown = parts.slice(0, i).join('/');
    const why = notAFolder(join(root, shown), shown);
    if (why) return why;
  }
  return 'not where it was named (a folder on its way changed while it was opened)';
}

/** A failed open or lookup of `rel` as a sentence-ready refusal; errors tack does not explain keep their code. */
export function refusalOf(root: string, rel: string, error: unknown, doing: string): OwnFileError {
  if (error instanceof OwnFileError) return error;
  const code = errnoOf(error);
  if (code === 'ENOENT') return new OwnFileError(rel, 'no such file', 'ENOENT');
  if (code === 'EEXIST') return new OwnFileError(rel, 'a file of that name exists already', 'EEXIST');
  if (code === 'ELOOP') {
    const at = join(root, rel);
    const link = lstatSync(at, { throwIfNoEntry: false })?.isSymbolicLink() ? readlinkSync(at) : undefined;
    return new OwnFileError(rel, link === undefined ? linkOnTheWay(root, rel) : `a symbolic link to ${link}, which tack does not follow`);
  }
  if (code === 'ENOTDIR') return new OwnFileError(rel, linkOnTheWay(root, rel));
  return new OwnFileError(rel, `it cannot be ${doing} (${code ?? (error as Error).message})`);
}
