// The checkpoint store: a shadow git repository per workspace under $TACK_HOME/checkpoints/<slug>/.
// A snapshot stages only what git reports as changed (its index keeps file stats), then writes a
// tree, so its cost follows what changed, not the size of the workspace. The user's .git is never read.
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, realpathSync, type Stats, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { cwdSlug } from '../config/paths.js';
import { GitError, git, nulList, type ShadowPaths } from './git.js';
import { PACK_FROM, packBlobs } from './one-pack.js';
import { TreeCache, writeCommit, writeObject } from './object-writer.js';
import { MODE, parseRawDiff, type TreeChange } from './tree-diff.js';
import { changedSince, lstatOrUndefined, noRuleCanName, underLink } from './work-tree.js';
import { writeBesideSync } from '../../tools/fs/atomic-write.js';
import { builtinSecretTest, type SecretTest } from '../../tools/fs/secret-files.js';

/** Files larger than this are not copied into checkpoints (and a rewind says so). */
export const DEFAULT_MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * The most one snapshot copies. A folder that needs more (tack started in the home folder, or at
 * the root) gets no checkpoints: its first snapshot would copy it whole into $TACK_HOME, for
 * minutes, and every run would wait for it.
 */
export interface SnapshotLimits {
  files: number;
  bytes: number;
}

export const DEFAULT_SNAPSHOT_LIMITS: SnapshotLimits = { files: 30_000, bytes: 1024 * 1024 * 1024 };

const count = (n: number) => n.toLocaleString('en-US');

/** Folders never copied, on top of the user's .gitignore (secret files are left out by the store's test, below). */
const TACK_EXCLUDES = ['node_modules/', '.venv/', '__pycache__/', '.next/', '.cache/'];
const EXCLUDED_NAMES = TACK_EXCLUDES.map((d) => d.slice(0, -1));

/** Highest-precedence attributes: no filter, no end-of-line or encoding conversion runs, ever. */
const ATTRIBUTES = '* -text -filter -ident -eol -working-tree-encoding -diff -merge\n';

/** git's id of the empty tree: the state "no files". */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

export interface Snapshot {
  tree: string;
  /** files left out because of their size (relative paths) */
  skipped: string[];
}

/** The commit a session's checkpoint chain ends at (its ref, loose or packed), if any. */
export function chainHead(gitDir: string, ref: string): string | undefined {
  const loose = join(gitDir, ref);
  const found = existsSync(loose)
    ? readFileSync(loose, 'utf8').trim()
    : existsSync(join(gitDir, 'packed-refs'))
      ? readFileSync(join(gitDir, 'packed-refs'), 'utf8')
          .split('\n')
          .find((line) => line.endsWith(` ${ref}`))
          ?.split(' ')[0]
      : undefined;
  return found && /^[0-9a-f]{40,64}$/.test(found) ? found : undefined;
}

export function checkpointsRoot(home: string): string {
  return join(home, 'checkpoints');
}

export function checkpointDir(home: string, workspace: string): string {
  return join(checkpointsRoot(home), cwdSlug(workspace));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/**
 * $TACK_HOME's folder, relative to the workspace, when it lies inside it (tack run in the home
 * folder, say): its checkpoints would hold copies of themselves, each snapshot bigger than the last,
 * so it is never checkpointed. When $TACK_HOME is the workspace itself, its checkpoints folder.
 */
export function ownFolder(home: string, workspace: string): string | undefined {
  const rel = relative(realOrResolved(workspace), realOrResolved(home));
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return (rel === '' ? 'checkpoints' : rel).split(sep).join('/');
}

export class CheckpointStore {
  readonly paths: ShadowPaths;
  private readonly excludeFile: string;
  private readonly excludes: string[];
  /** $TACK_HOME (or its checkpoints) inside the workspace: see ownFolder */
  private readonly own: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private ready = false;
  /** the latest commit of each session's chain, once known */
  private readonly heads = new Map<string, { commit: string; tree: string }>();
  /** the tree the index held at its last write-tree, and the index file's stamp then */
  private indexed: { tree: string; stamp: string } | undefined;
  /** the latest tree of a snapshot of this store */
  private latest: string | undefined;
  /** that tree in memory, once an edit or write needed it */
  private cache: TreeCache | undefined;
  /** whether this store has taken out of the index what its secret test names (once) */
  private swept = false;

  /**
   * `secret`: the files that never leave the workspace for $TACK_HOME. A session passes the test its
   * tools use: secret names, secret folders, and the user's own `read(…)` deny rules.
   */
  constructor(
    home: string,
    readonly workspace: string,
    private readonly maxFileBytes = DEFAULT_MAX_FILE_BYTES,
    private readonly limits = DEFAULT_SNAPSHOT_LIMITS,
    private readonly secret: SecretTest = builtinSecretTest,
  ) {
    const dir = checkpointDir(home, workspace);
    this.paths = { gitDir: join(dir, 'git'), indexFile: join(dir, 'index'), workTree: workspace };
    this.excludeFile = join(dir, 'exclude');
    this.own = ownFolder(home, workspace);
    // anchored at the workspace's top; git's pattern characters taken literally
    this.excludes = this.own ? [...TACK_EXCLUDES, `/${this.own.replace(/[*?[\]\\]/g, '\\$&')}/`] : TACK_EXCLUDES;
  }

  /** Runs one job at a time: snapshots share the index. */
  private serial<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => {});
    return run;
  }

  /** git, waiting a little when another tack process holds the shared index. */
  private async run(args: string[], input?: string | Buffer) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await git(this.paths, args, input);
      } catch (err) {
        if (!(err instanceof GitError) || !/\.lock/.test(err.message) || attempt >= 30) throw err;
        await sleep(100);
      }
    }
  }

  private async init(): Promise<void> {
    if (this.ready) return;
    const { gitDir } = this.paths;
    if (!existsSync(join(gitDir, 'HEAD'))) {
      mkdirSync(gitDir, { recursive: true, mode: 0o700 });
      await this.run(['init', '-q', '--template=']);
    }
    mkdirSync(join(gitDir, 'info'), { recursive: true });
    writeFileSync(join(gitDir, 'info', 'attributes'), ATTRIBUTES);
    writeFileSync(this.excludeFile, `${this.excludes.join('\n')}\n`);
    this.ready = true;
  }

  /**
   * The workspace as it is now, as a tree; `chain` (a session id) keeps it from being pruned. With
   * `only` (the paths an edit or write touched, relative), only those are looked at: no walk, the rest
   * as the index holds it. Without, git's index finds what changed by size and mtime.
   */
  snapshot(chain?: string, only?: readonly string[]): Promise<Snapshot> {
    return this.serial(async () => {
      await this.init();
      const inside = only?.filter((path) => !isAbsolute(path) && path !== '' && !path.split(/[\\/]/).includes('..'));
      // the first snapshot of this store walks: the index may be another process's, or none
      if (inside && this.latest !== undefined) {
        const snap = await this.writeTouched(inside, this.latest);
        if (chain) await this.keep(chain, snap.tree);
        return snap;
      }
      const listed = await this.run(['ls-files', '-z', '-o', '-m', '-d', '--exclude-standard', `--exclude-from=${this.excludeFile}`]);
      const update: string[] = [];
      const drop: string[] = await this.sweep();
      const skipped: string[] = [];
      const realDirs = new Map<string, boolean>();
      let bytes = 0;
      for (const path of new Set(nulList(listed.stdout))) {
        if (path.endsWith('/')) continue; // a nested repository: its own history, not copied
        // secret files (.env, keys, what the user's deny rules name) never leave the workspace for $TACK_HOME
        if (this.isSecret(path)) {
          drop.push(path);
          continue;
        }
        const st = underLink(this.workspace, path, realDirs) ? undefined : lstatOrUndefined(join(this.workspace, path));
        if (st?.isFile() && st.size > this.maxFileBytes) {
          skipped.push(path);
          drop.push(path);
        } else if (st?.isFile() || st?.isSymbolicLink()) {
          update.push(path);
          bytes += st.size;
          // a folder far too large is told at once, without a look at the rest of it
          if (update.length > this.limits.files)
            throw new Error(
              `more than ${count(this.limits.files)} files here would be copied (checkpoints.maxFiles); start tack in a project's folder, or raise the limit in settings`,
            );
        } else drop.push(path); // gone, a folder now, or beyond a link
      }
      if (bytes > this.limits.bytes)
        throw new Error(
          `${count(Math.ceil(bytes / 1048576))} MB here would be copied, more than checkpoints.maxCopyMB (${count(Math.round(this.limits.bytes / 1048576))}); start tack in a project's folder, or raise the limit in settings`,
        );
      if (drop.length > 0) await this.run(['update-index', '--force-remove', '-z', '--stdin'], `${drop.join('\0')}\0`);
      if (update.length >= PACK_FROM) await packBlobs(this.paths, update);
      if (update.length > 0) await this.run(['update-index', '--add', '--replace', '-z', '--stdin'], `${update.join('\0')}\0`);
      // nothing staged, and no other process wrote the index since: the tree is the last one
      const tree =
        drop.length + update.length === 0 && this.indexed && this.indexed.stamp === this.indexStamp()
          ? this.indexed.tree
          : (await this.run(['write-tree'])).stdout.toString('utf8').trim();
      this.indexed = { tree, stamp: this.indexStamp() };
      this.followWalk(drop, update, tree);
      this.latest = tree;
      if (chain) await this.keep(chain, tree);
      return { tree, skipped: skipped.sort() };
    });
  }

  /** The index file's size and change time: another tack on the same workspace changes them. */
  private indexStamp(): string {
    const st = lstatOrUndefined(this.paths.indexFile);
    return st ? `${st.size}:${st.mtimeMs}:${st.ino}` : '';
  }

  /**
   * The snapshot after an edit or write: only `paths` looked at, the rest as in `base` (the latest
   * tree), written by tack's object writer. A path the tree does not hold yet is asked of git once
   * (is it ignored?); everything else starts no process.
   */
  private async writeTouched(paths: readonly string[], base: string): Promise<Snapshot> {
    if (this.cache?.tree !== base) this.cache = TreeCache.parse((await this.run(['ls-tree', '-r', '-t', '-z', base])).stdout, base);
    const cache = this.cache;
    // changed in place: a failure half-way leaves it unlike any tree
    this.cache = undefined;
    const skipped: string[] = [];
    const fresh: string[] = [];
    const stats = new Map<string, Stats>();
    const realDirs = new Map<string, boolean>();
    for (const path of new Set(paths)) {
      const st = this.isSecret(path) || underLink(this.workspace, path, realDirs) ? undefined : lstatOrUndefined(join(this.workspace, path));
      const large = st?.isFile() === true && st.size > this.maxFileBytes;
      if (large) skipped.push(path);
      if (!st || large || !(st.isFile() || st.isSymbolicLink())) cache.set(path, undefined);
      else if (cache.get(path)) this.putBlob(cache, path, st);
      else {
        fresh.push(path);
        stats.set(path, st);
      }
    }
    // a new file no ignore rule can name goes in at once; for the others git says what it would take
    const ask = fresh.filter((path) => this.own !== undefined || !noRuleCanName(this.workspace, path, EXCLUDED_NAMES));
    for (const path of fresh) if (!ask.includes(path)) this.putBlob(cache, path, stats.get(path)!);
    if (ask.length > 0) {
      // files its index tracks, and new ones no ignore rule names
      const args = ['ls-files', '-z', '-c', '-o', '--exclude-standard', `--exclude-from=${this.excludeFile}`, '--', ...ask];
      for (const path of new Set(nulList((await this.run(args)).stdout))) if (ask.includes(path)) this.putBlob(cache, path, stats.get(path)!);
    }
    this.latest = cache.write(this.paths.gitDir);
    this.cache = cache;
    return { tree: this.latest, skipped: skipped.sort() };
  }

  /** `store` false: the blob is stored already (update-index wrote it), only its id is needed. */
  private putBlob(cache: TreeCache, path: string, st: Stats, store = true): void {
    const abs = join(this.workspace, path);
    const bytes = st.isSymbolicLink() ? Buffer.from(readlinkSync(abs)) : readFileSync(abs);
    const mode = st.isSymbolicLink() ? MODE.link : st.mode & 0o100 ? MODE.exec : MODE.file;
    cache.set(path, { mode, id: writeObject(this.paths.gitDir, 'blob', bytes, store) });
  }

  /**
   * After a walk that staged a few files: the tree in memory takes the same changes, so the next edit
   * needs no `ls-tree`; kept only when it comes out as the tree git wrote.
   */
  private followWalk(drop: readonly string[], update: readonly string[], tree: string): void {
    const cache = this.cache;
    this.cache = undefined;
    if (!cache || cache.tree !== this.latest || update.length >= PACK_FROM) return;
    try {
      for (const path of drop) cache.set(path, undefined);
      for (const path of update) this.putBlob(cache, path, lstatSync(join(this.workspace, path)), false);
      if (cache.write(this.paths.gitDir, false) === tree) this.cache = cache;
    } catch {
      // changed or gone since update-index read it: the next edit reads the tree from git
    }
  }

  private isSecret(path: string): boolean {
    return this.secret(join(this.workspace, path)) !== undefined;
  }

  /**
   * Once per store: what the index still holds that the secret test names (copied before a deny rule
   * was written, say), so no later tree carries it. Reads the index only; nothing is stat-ed.
   */
  private async sweep(): Promise<string[]> {
    if (this.swept) return [];
    const indexed = nulList((await this.run(['ls-files', '-z', '--cached'])).stdout);
    this.swept = true;
    return indexed.filter((path) => this.isSecret(path));
  }

  /** Commits the tree on the session's chain (refs/tack/<chain>) unless it is already its head. */
  private async keep(chain: string, tree: string): Promise<void> {
    const ref = `refs/tack/${chain.replace(/[^A-Za-z0-9._-]/g, '_')}`;
    const head = this.heads.get(chain);
    if (head?.tree === tree) return;
    const parent = head?.commit ?? chainHead(this.paths.gitDir, ref);
    const commit = writeCommit(this.paths.gitDir, tree, parent);
    // a loose ref written beside and renamed, as git does (a packed one of the same name is overridden)
    const path = join(this.paths.gitDir, ref);
    writeBesideSync(path, `${commit}\n`);
    this.heads.set(chain, { commit, tree });
  }

  /**
   * Folders never checkpointed (ignored: `node_modules/`, build output) whose contents changed after
   * `since` (ms): a rewind to then cannot put them back, and says so. Judged by their own and their
   * direct entries' change times.
   */
  async ignoredChangedSince(since: number): Promise<string[]> {
    await this.init();
    const listed = await this.run(['ls-files', '-z', '-o', '-i', '--directory', '--exclude-standard', `--exclude-from=${this.excludeFile}`]);
    return nulList(listed.stdout)
      .filter((path) => path.endsWith('/') && path !== `${this.own}/`)
      .filter((dir) => changedSince(join(this.workspace, dir), since))
      .sort();
  }

  /** What differs from tree `from` to tree `to`, file by file. */
  async changes(from: string, to: string): Promise<TreeChange[]> {
    if (from === to) return [];
    await this.init();
    return parseRawDiff((await this.run(['diff-tree', '-r', '-z', '--no-renames', '--raw', from, to])).stdout);
  }

  /** Whether a tree id names a tree in the store (a checkpoint from a pruned session does not). */
  async has(tree: string): Promise<boolean> {
    if (!/^[0-9a-f]{40,64}$/.test(tree)) return false;
    await this.init();
    try {
      return (await this.run(['cat-file', '-t', tree])).stdout.toString('utf8').trim() === 'tree';
    } catch {
      return false;
    }
  }

  /** The bytes of blobs, by id. */
  async blobs(ids: string[]): Promise<Map<string, Buffer>> {
    const unique = [...new Set(ids)];
    const out = new Map<string, Buffer>();
    if (unique.length === 0) return out;
    const { stdout } = await this.run(['cat-file', '--batch'], `${unique.join('\n')}\n`);
    let at = 0;
    while (at < stdout.length) {
      const nl = stdout.indexOf(10, at);
      const [id, type, size] = stdout.subarray(at, nl).toString('utf8').split(' ');
      at = nl + 1;
      if (type === 'missing' || size === undefined) continue;
      const n = Number(size);
      out.set(id!, stdout.subarray(at, at + n));
      at += n + 1;
    }
    return out;
  }
}
