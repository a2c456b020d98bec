// Globs as models write them (`*.ts` at any depth, as .gitignore means it) made explicit for the
// engines that take them; shared by find and grep.
import { isAbsolute, relative } from 'node:path';
import { ToolError } from '../errors.js';
import { isInside } from './paths.js';

/**
 * Globs as models write them, made explicit for globby: a pattern without a slash matches a name at
 * any depth (`*.ts` means every TypeScript file, as in .gitignore and `rg -g`); one with a slash is
 * anchored at the search root. An absolute pattern inside the root is made relative to it.
 */
export function anchorGlob(pattern: string, root: string): string {
  let glob = pattern.trim();
  if (isAbsolute(glob)) {
    if (!isInside(root, glob)) throw new ToolError(`the pattern ${pattern} points outside the searched directory; set path instead`);
    glob = relative(root, glob) || '**';
  }
  glob = glob.replace(/^(\.\/)+/, '');
  return glob.includes('/') ? glob : `**/${glob}`;
}

/** What every listing skips: git's own database. */
export const ALWAYS_IGNORED = ['**/.git', '**/.git/**'];
