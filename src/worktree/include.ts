// `.worktreeinclude`: files git does not track (an `.env.local`, say) copied into a new worktree.
// gitignore syntax, read with the matcher tack reads .gitignore with. Each is copied as tack copies
// its own files (tools/fs/own): a regular file, never through a link on either side (a committed
// `out -> ~/.ssh` in the worktree is not written through), never over a file there. A secret file
// (tools/fs/secret-files.ts) is copied owner-only, and in the worktree it is what it was in the
// repository: masked from sandboxed commands, asked about before a tool reads it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ignore from 'ignore';
import { copyOwn, OwnFileError } from '../../tools/fs/own/index.js';
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
  /** matched, and not copied: one sentence each */
  refused: string[];
}

/** Copies what `from/.worktreeinclude` lists from `from` into `to`. */
export function copyIncluded(from: string, to: string, isSecret: SecretTest): Included {
  const result: Included = { copied: [], secrets: [], skipped: 0, refused: [] };
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
    // a nested repository is listed as its folder (`sub/`): its files are its own
    if (rel === '' || rel.endsWith('/') || rel.split('/').includes('.git') || !rules.ignores(rel)) continue;
    if (result.copied.length >= INCLUDE_LIMIT) {
      result.skipped++;
      continue;
    }
    const secret = isSecret(join(from, rel)) !== undefined;
    try {
      copyOwn(from, to, rel, secret ? { mode: 0o600 } : {});
    } catch (error) {
      if (!(error instanceof OwnFileError)) throw error;
      result.refused.push(`${error.message}; not copied`);
      continue;
    }
    result.copied.push(rel);
    if (secret) result.secrets.push(rel);
  }
  return result;
}
