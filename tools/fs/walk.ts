// The files below a directory that git would not ignore, found without a stat per file: what the
// built-in grep, "did you mean" and a goal's fingerprint walk.
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import ignore, { type Ignore } from 'ignore';

interface Rules {
  /** the directory whose .gitignore this is: its patterns are relative to it */
  base: string;
  rules: Ignore;
}

export interface WalkOptions {
  /** directory names never entered (.git, node_modules) */
  skip: Set<string>;
  /** stop entering directories once this many files were found (a bound for quick lookups) */
  limit?: number;
}

async function loadRules(directory: string): Promise<Rules | undefined> {
  const text = await readFile(join(directory, '.gitignore'), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : { base: directory, rules: ignore().add(text) };
}

/** git's rule: the deepest .gitignore with an opinion on a path decides, so `!keep.log` below wins. */
function isIgnored(stack: Rules[], path: string, isDirectory: boolean): boolean {
  for (let i = stack.length - 1; i >= 0; i--) {
    const { base, rules } = stack[i]!;
    const verdict = rules.test(relative(base, path) + (isDirectory ? '/' : ''));
    if (verdict.ignored) return true;
    if (verdict.unignored) return false;
  }
  return false;
}

/** Inside a git repository, .gitignore files above the start directory apply too (as git and rg do). */
async function parentRules(root: string): Promise<Rules[]> {
  const ancestors: string[] = [];
  for (let directory = dirname(root); ; directory = dirname(directory)) {
    ancestors.unshift(directory);
    if (existsSync(join(directory, '.git'))) break;
    if (dirname(directory) === directory) return [];
  }
  const loaded = await Promise.all(ancestors.map(loadRules));
  return loaded.filter((rules): rules is Rules => rules !== undefined);
}

/**
 * The files below `root` that git would not ignore (all of them unless `limit` cuts the walk), unsorted. Ignored directories are never
 * entered, and entry types come from readdir, so no file is stat'ed: on large trees this is several
 * times faster than globby's gitignore filter, which stats each result.
 */
export async function walkFiles(root: string, options: WalkOptions): Promise<string[]> {
  const files: string[] = [];
  const limit = options.limit ?? Infinity;
  const visit = async (directory: string, inherited: Rules[]): Promise<void> => {
    if (files.length >= limit) return;
    const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
    const own = entries.some((entry) => entry.name === '.gitignore') ? await loadRules(directory) : undefined;
    const stack = own ? [...inherited, own] : inherited;
    const below: Promise<void>[] = [];
    for (const entry of entries) {
      if (options.skip.has(entry.name)) continue;
      const path = join(directory, entry.name);
      // symlinks are not followed, as rg does not
      if (entry.isDirectory()) {
        if (!isIgnored(stack, path, true)) below.push(visit(path, stack));
      } else if (entry.isFile() && !isIgnored(stack, path, false)) {
        files.push(path);
      }
    }
    await Promise.all(below);
  };
  await visit(root, await parentRules(root));
  return files;
}
