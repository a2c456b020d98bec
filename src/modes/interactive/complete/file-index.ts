// The project's paths for `@` completion: listed once in the background, cached, and refreshed when
// stale; typing never waits for it. In a git work tree the list is git's own (tracked and untracked
// files, .gitignore respected); elsewhere a walk. Both stop at MAX_ENTRIES: started in a home folder
// or at `/`, a whole listing took up to a minute and 2 GB (globby's gitignore option reads every
// .gitignore of the tree before it lists anything), again every STALE_MS while `@` was used.
import { spawn } from 'node:child_process';
import { globbyStream } from 'globby';
import { ownGitEnv } from '../../../../tools/sandbox/own-git.js';
import { findGitDir } from '../../../../tools/sandbox/repo-config.js';

const MAX_ENTRIES = 50_000;
const STALE_MS = 30_000;

/** Never listed, in or out of a repository. */
const SKIPPED = ['**/.git/**', '**/node_modules/**', '.git', 'node_modules'];

export class FileIndex {
  private paths: string[] | null = null;
  private loading: Promise<void> | null = null;
  private loadedAt = 0;
  private listeners = new Set<() => void>();

  constructor(
    private readonly cwd: string,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** The cached paths (directories end in `/`), or null before the first listing finished. */
  get(): readonly string[] | null {
    if (this.paths === null || Date.now() - this.loadedAt > STALE_MS) void this.refresh();
    return this.paths;
  }

  /** Called when a listing finishes, so an open menu can fill in. */
  onUpdate(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  refresh(): Promise<void> {
    this.loading ??= listPaths(this.cwd, this.maxEntries)
      .then((found) => {
        this.paths = found.sort();
        this.loadedAt = Date.now();
        for (const l of this.listeners) l();
      })
      .catch(() => {
        this.paths ??= [];
        this.loadedAt = Date.now();
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}

/** Up to `max` paths under `cwd`, folders ending in `/`: git's list in a work tree, a walk elsewhere. */
async function listPaths(cwd: string, max: number): Promise<string[]> {
  return (await gitPaths(cwd, max, ownGitEnv(cwd, findGitDir(cwd), process.env as Record<string, string>))) ?? (await walkPaths(cwd, max));
}

/**
 * `git ls-files` (tracked, and untracked but not ignored), with the folders on the way; undefined
 * when `cwd` is not in a work tree or git cannot run. Read as it comes, and stopped at `max`.
 */
function gitPaths(cwd: string, max: number, env: Record<string, string>): Promise<string[] | undefined> {
  return new Promise((resolve) => {
    const out = new Set<string>();
    let rest = '';
    let full = false;
    // tack's own git: a repository's own config (an fsmonitor, a filter) runs nothing when tack lists it
    const git = spawn('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd, env, stdio: ['ignore', 'pipe', 'ignore'] });
    git.on('error', () => resolve(undefined));
    git.stdout.setEncoding('utf8');
    git.stdout.on('data', (text: string) => {
      if (full) return;
      const names = (rest + text).split('\0');
      rest = names.pop() ?? '';
      for (const name of names) {
        if (!add(out, name, max)) {
          full = true;
          git.kill();
          break;
        }
      }
    });
    git.on('close', (code) => resolve(full || code === 0 ? [...out] : undefined));
  });
}

/** Adds a file and the folders on its way; false once `max` paths are there. */
function add(out: Set<string>, name: string, max: number): boolean {
  if (!name || /(^|\/)(\.git|node_modules)(\/|$)/.test(name)) return true;
  for (let slash = name.indexOf('/'); slash !== -1 && slash < name.length - 1; slash = name.indexOf('/', slash + 1)) out.add(name.slice(0, slash + 1));
  out.add(name);
  return out.size < max;
}

/** A walk of the folder (no repository, so no .gitignore to keep to), stopped at `max`. */
async function walkPaths(cwd: string, max: number): Promise<string[]> {
  const out: string[] = [];
  const walk = globbyStream('**', {
    cwd,
    dot: true,
    onlyFiles: false,
    markDirectories: true,
    followSymbolicLinks: false,
    suppressErrors: true,
    ignore: SKIPPED,
  });
  for await (const path of walk) {
    out.push(String(path));
    if (out.length >= max) break;
  }
  return out;
}
