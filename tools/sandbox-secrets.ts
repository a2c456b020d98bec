// The workspace's secret files, for the sandbox to show to commands as empty files: so `f=.env; cat $f`
// and `cp .env x` find nothing, whatever the command line looks like. The user lets some through with
// `"sandbox": {"exposeSecretFiles": [".env.test"]}`.
import { type Dirent, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import { anchorGlob } from './glob-pattern.js';
import { ownTempDir } from './own-temp.js';
import type { SecretTest } from './secret-files.js';

/** Never entered: git's database, and installed packages (theirs are not the user's secrets). */
const SKIP_DIRS = new Set(['.git', 'node_modules']);
/** A bound on the walk, which runs before every command: past it the approvals are what is left. */
const MAX_ENTRIES = 50_000;

/** `exposeSecretFiles` globs read as find and grep read theirs: without a slash, a name at any depth. */
function exposeMatcher(patterns: readonly string[], cwd: string): (rel: string) => boolean {
  const globs = patterns.flatMap((pattern) => {
    try {
      return [anchorGlob(pattern, cwd)];
    } catch {
      return []; // a pattern outside the workspace exposes nothing in it
    }
  });
  return globs.length === 0 ? () => false : picomatch(globs, { dot: true });
}

export interface WorkspaceScan {
  /** secret files below the workspace, minus the exposed ones */
  secrets: string[];
  /** git directories of repositories nested in the workspace (a vendored or cloned repo), not the root's */
  nestedGitDirs: string[];
}

/**
 * One walk of the workspace before each command: the secret files to mask, and the nested
 * repositories whose hooks and config must stay read-only like the root's.
 */
export function scanWorkspace(cwd: string, isSecret: SecretTest, expose: readonly string[] = []): WorkspaceScan {
  const exposed = exposeMatcher(expose, cwd);
  const secrets: string[] = [];
  const nestedGitDirs: string[] = [];
  let seen = 0;
  const stack = [cwd];
  while (stack.length > 0 && seen < MAX_ENTRIES) {
    const directory = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      seen++;
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (entry.name === '.git' && directory !== cwd) nestedGitDirs.push(path);
        if (!SKIP_DIRS.has(entry.name)) stack.push(path);
        continue;
      }
      if (!isSecret(path) || exposed(relative(cwd, path).split(sep).join('/'))) continue;
      // a link is masked where it points, which must be a file that exists (bwrap mounts over it)
      if (entry.isFile() || (entry.isSymbolicLink() && isFile(path))) secrets.push(path);
    }
  }
  return { secrets: secrets.sort(), nestedGitDirs: nestedGitDirs.sort() };
}

/** Absolute paths of the files below `cwd` that `isSecret` names, minus the exposed ones. */
export function findSecretFiles(cwd: string, isSecret: SecretTest, expose: readonly string[] = []): string[] {
  return scanWorkspace(cwd, isSecret, expose).secrets;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

let empty: string | undefined;

/** An empty, read-only file to mount over secret files; one per tack process. */
export function emptyFile(): string {
  if (!empty) {
    empty = join(ownTempDir('empty'), 'empty');
    writeFileSync(empty, '', { mode: 0o444 });
  }
  return empty;
}

/** The note for a failed command that may have needed a masked file: which ones, and the setting that exposes them. */
export function explainMasked(masked: readonly string[], cwd: string, text: string): string | undefined {
  const named = masked.map((path) => relative(cwd, path)).filter((rel) => text.includes(rel.slice(rel.lastIndexOf(sep) + 1)));
  if (named.length === 0) return undefined;
  const list = JSON.stringify(named.slice(0, 3));
  return (
    `[${named.join(', ')} ${named.length === 1 ? 'is' : 'are'} empty in the sandbox: secret files are masked from commands. ` +
    `If the command needs ${named.length === 1 ? 'it' : 'them'}, the user can allow that with "sandbox": {"exposeSecretFiles": ${list}} in .tack/config.json]`
  );
}
