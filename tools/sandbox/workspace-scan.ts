// The walk of the workspace before each sandboxed command: the secret files to mask and the
// repositories nested in it. It has no entry limit: a limit let one large folder that sorts last
// (`vendor/`, `venv/`, a data set) end the walk, and every repository and `.env` after it went
// unprotected. The cost is capped instead: what each directory held is kept with its mtime, so a
// later scan stats each directory and reads again only those whose entries changed; a directory read
// again tests only the names it did not hold before (the secret test walks paths: a folder that
// grows by a file per step would otherwise cost a test per file per step).
import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SecretTest } from '../fs/secret-files.js';

/** Never entered: git's database, and installed packages (theirs are not the user's secrets). */
const SKIP_DIRS = new Set(['.git', 'node_modules']);
/**
 * A directory changed this recently may change again within the same mtime tick (coarse file
 * systems keep seconds), so what was read of it is not trusted next time: git's "racy" rule.
 */
const RACY_MS = 2_000;

interface Seen {
  /** NaN when what was read must be read again next time (racy, or unreadable) */
  mtimeMs: number;
  /** each file's (or link's) name and whether the secret test matched it */
  tested: Map<string, boolean>;
  subdirs: string[];
  /** files (or links) whose names the secret test matched */
  secrets: { path: string; link: boolean }[];
  /** holds a `.git` directory (a repository's own, not the workspace root's) */
  gitDir: string | undefined;
}

export interface ScanResult {
  /** secret files below the workspace (a link only when it points at a file: bwrap mounts over it) */
  secrets: string[];
  /** git directories of repositories nested in the workspace, not the root's */
  nestedGitDirs: string[];
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `before`: what the last read of this directory found, whose verdicts still hold (they depend on the path only). */
function read(directory: string, root: string, isSecret: SecretTest, mtimeMs: number, before: Seen | undefined): Seen {
  let entries: Dirent[];
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return { mtimeMs: Number.NaN, tested: new Map(), subdirs: [], secrets: [], gitDir: undefined };
  }
  const seen: Seen = { mtimeMs, tested: new Map(), subdirs: [], secrets: [], gitDir: undefined };
  for (const entry of entries) {
    if (entry.isDirectory()) {
      const path = join(directory, entry.name);
      if (entry.name === '.git' && directory !== root) seen.gitDir = path;
      if (!SKIP_DIRS.has(entry.name)) seen.subdirs.push(path);
    } else if (entry.isFile() || entry.isSymbolicLink()) {
      const secret = before?.tested.get(entry.name) ?? isSecret(join(directory, entry.name)) !== undefined;
      seen.tested.set(entry.name, secret);
      if (secret) seen.secrets.push({ path: join(directory, entry.name), link: entry.isSymbolicLink() });
    }
  }
  return seen;
}

/** One workspace's scanner; its memory of directories makes each later scan cheap. */
export class WorkspaceScanner {
  private known = new Map<string, Seen>();

  constructor(
    readonly root: string,
    private readonly isSecret: SecretTest,
  ) {}

  scan(): ScanResult {
    const next = new Map<string, Seen>();
    const secrets: string[] = [];
    const nestedGitDirs: string[] = [];
    const now = Date.now();
    const stack = [this.root];
    while (stack.length > 0) {
      const directory = stack.pop()!;
      let mtimeMs: number;
      try {
        mtimeMs = statSync(directory).mtimeMs;
      } catch {
        continue;
      }
      const before = this.known.get(directory);
      const seen = before && before.mtimeMs === mtimeMs ? before : read(directory, this.root, this.isSecret, mtimeMs, before);
      next.set(directory, now - mtimeMs > RACY_MS ? seen : { ...seen, mtimeMs: Number.NaN });
      if (seen.gitDir) nestedGitDirs.push(seen.gitDir);
      for (const s of seen.secrets) if (!s.link || isFile(s.path)) secrets.push(s.path);
      stack.push(...seen.subdirs);
    }
    this.known = next;
    return { secrets: secrets.sort(), nestedGitDirs: nestedGitDirs.sort() };
  }
}
