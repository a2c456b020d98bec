// The workspace's secret files, for the sandbox to show to commands as empty files: so `f=.env; cat $f`
// and `cp .env x` find nothing, whatever the command line looks like. The user lets some through with
// `"sandbox": {"exposeSecretFiles": [".env.test"]}`.
import { writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import { anchorGlob } from '../fs/glob-pattern.js';
import { ownTempDir } from '../process/own-temp.js';
import type { SecretTest } from '../fs/secret-files.js';
import { WorkspaceScanner } from './workspace-scan.js';

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

/** The secret files of a scan that the user has not let through with `exposeSecretFiles`. */
export function unexposed(secrets: readonly string[], cwd: string, expose: readonly string[] = []): string[] {
  const exposed = exposeMatcher(expose, cwd);
  return secrets.filter((path) => !exposed(relative(cwd, path).split(sep).join('/')));
}

/** Absolute paths of the files below `cwd` that `isSecret` names, minus the exposed ones. */
export function findSecretFiles(cwd: string, isSecret: SecretTest, expose: readonly string[] = []): string[] {
  return unexposed(new WorkspaceScanner(cwd, isSecret).scan().secrets, cwd, expose);
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
