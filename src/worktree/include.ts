// `.worktreeinclude`: files git does not track (an `.env.local`, say) copied into a new worktree.
// gitignore syntax, read with the matcher tack reads .gitignore with. Only regular files inside the
// repository are copied (never through a link); a secret file (tools/fs/secret-files.ts) is copied
// owner-only, and in the worktree it is what it was in the repository: masked from sandboxed commands,
// asked about before a tool reads it.
import { chmodSync, copyFileSync, lstatSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ignore from 'ignore';
import type { SecretTest } from '../../tools/fs/secret-files.js';
import { runGit } from './git.js';

export const INCLUDE_FILE = '.worktreeinclude';
/** A pattern such as `node_modules/` would copy a tree, not the few files the list is for. */
export const INCLUDE_LIMIT = 1000;

export interface Included {
  /** paths relative to the repository root, `/`-separated */
  copied: string[];
  secrets: string[];
  /** matched, but over the limit */
  skipped: number;
}

/** Copies what `from/.worktreeinclude` lists from `from` into `to`. */
export function copyIncluded(from: string, to: string, isSecret: SecretTest): Included {
  const result: Included = { copied: [], secrets: [], skipped: 0 };
  let text: string;
  try {
    text = readFileSync(join(from, INCLUDE_FILE), 'utf8');
  } catch {
    return result;
  }
  const rules = ignore().add(text);
  const untracked = runGit(['ls-files', '--others', '-z'], from);
  if (!untracked.ok) return result;
  for (const rel of untracked.out.split('\0')) {
    if (rel === '' || rel.split('/').includes('.git') || !rules.ignores(rel)) continue;
    const source = join(from, rel);
    if (!lstatSync(source, { throwIfNoEntry: false })?.isFile()) continue;
    if (result.copied.length >= INCLUDE_LIMIT) {
      result.skipped++;
      continue;
    }
    const target = join(to, rel);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(source, target);
    result.copied.push(rel);
    if (isSecret(source)) {
      chmodSync(target, 0o600);
      result.secrets.push(rel);
    }
  }
  return result;
}
