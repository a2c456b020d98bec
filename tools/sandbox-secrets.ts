// The workspace's secret files, for the sandbox to show to commands as empty files: so `f=.env; cat $f`
// and `cp .env x` find nothing, whatever the command line looks like. The user lets some through with
// `"sandbox": {"exposeSecretFiles": [".env.test"]}`.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { SecretTest } from './secret-files.js';

/** Never entered: git's database, and installed packages (theirs are not the user's secrets). */
const SKIP_DIRS = new Set(['.git', 'node_modules']);
/** A bound on the walk, which runs before every command: past it the approvals are what is left. */
const MAX_ENTRIES = 50_000;

/** `*` and `?` within a name, `**` across directories; a pattern without a slash matches a name anywhere. */
function exposeMatcher(patterns: readonly string[]): (rel: string) => boolean {
  const compiled = patterns.map((pattern) => {
    const glob = pattern.trim().replace(/^(\.\/)+/, '');
    const source = glob
      .split(/(\*\*\/?|\*|\?)/)
      .map((part) =>
        part === '**' || part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part === '?' ? '[^/]' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    return { re: new RegExp(`^${source}$`), byName: !glob.includes('/') };
  });
  return (rel) => compiled.some(({ re, byName }) => re.test(byName ? rel.slice(rel.lastIndexOf('/') + 1) : rel));
}

/** Absolute paths of the files below `cwd` that `isSecret` names, minus the exposed ones. */
export function findSecretFiles(cwd: string, isSecret: SecretTest, expose: readonly string[] = []): string[] {
  const exposed = exposeMatcher(expose);
  const found: string[] = [];
  let seen = 0;
  const stack = [cwd];
  while (stack.length > 0 && seen < MAX_ENTRIES) {
    const directory = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      seen++;
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) stack.push(path);
        continue;
      }
      if (!isSecret(path) || exposed(relative(cwd, path).split(sep).join('/'))) continue;
      // a link is masked where it points, which must be a file that exists (bwrap mounts over it)
      if (entry.isFile() || (entry.isSymbolicLink() && isFile(path))) found.push(path);
    }
  }
  return found.sort();
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
    const dir = mkdtempSync(join(tmpdir(), 'tack-empty-'));
    empty = join(dir, 'empty');
    writeFileSync(empty, '', { mode: 0o444 });
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
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
