// The checkpoint store: a shadow git repository per workspace under $TACK_HOME/checkpoints/<slug>/.
// A snapshot looks only at what git's index reports as changed (it keeps file stats) and writes the
// tree with tack's object writer from a copy held in memory, so its cost follows what changed, not
// the size of the workspace. The user's .git is never read.
import { existsSync, lstatSync, mkdirSync, readlinkSync, type Stats, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { chainHead, checkpointDir, ownFolder } from './store-paths.js';
import { GitError, git, nulList, type ShadowPaths } from './git.js';
import { PACK_FROM, packBlobs } from './one-pack.js';
import { TreeCache, writeCommit, writeObject } from './object-writer.js';
import { MODE, parseRawDiff, type TreeChange } from './tree-diff.js';
import { changedSince, lstatOrUndefined, noRuleCanName, underLink } from './work-tree.js';
import { sortListed, statKey } from './listed.js';
import { type IndexEntry, writeIndex } from './index-file.js';
import { writeBesideSync } from '../../tools/fs/atomic-write.js';
import { hasOtherNames, OwnFileError, readOwn } from '../../tools/fs/own/index.js';
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

/** A walk that finds this many paths (with those the index has not taken yet) stages them in the index. */
const FLUSH_AT = 256;

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  /** paths whose latest state the tree in memory holds and the index not yet (undefined: out of the tree), by stat */
  private readonly unstaged = new Map<string, { key: string; entry: { mode: string; id: string } } | undefined>();
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
      const listed = nulList((await this.run(['ls-files', '-z', '-o', '-m', '-d', '--exclude-standard', `--exclude-from=${this.excludeFile}`])).stdout);
      const found = sortListed(this.workspace, [...listed, ...this.unstaged.keys()], {
        isSecret: (path) => this.isSecret(path),
        maxFileBytes: this.maxFileBytes,
        limits: this.limits,
      });
      const drop = [...(await this.sweep()), ...found.drop];
      const tree = (await this.inMemory(drop.length + found.update.size))
        ? this.stageInMemory(drop, found.update)
        : await this.stageInIndex(drop, found.update);
      this.latest = tree;
      if (chain) await this.keep(chain, tree);
      return { tree, skipped: found.skipped };
    });
  }

  /**
   * Whether a walk's findings go into the tree in memory alone: it holds the latest tree, no other
   * process wrote the index since, and they are few. git's index then keeps its stale entries (it
   * lists those paths again each walk) until a walk that finds more writes them all.
   */
  private async inMemory(found: number): Promise<boolean> {
    if (found >= FLUSH_AT || this.latest === undefined || this.indexed?.stamp !== this.indexStamp()) return false;
    if (this.cache?.tree === this.latest) return true;
    // the tree read once into memory costs about what staging in the index would, and later walks nothing
    if (found === 0) return false;
    this.cache = await this.treeOf(this.latest);
    return true;
  }

  private async treeOf(tree: string): Promise<TreeCache> {
    return TreeCache.parse((await this.run(['ls-tree', '-r', '-t', '-z', tree])).stdout, tree);
  }

  /** The tree with what a walk found, written by tack's object writer; no git process. */
  private stageInMemory(drop: readonly string[], update: ReadonlyMap<string, Stats>): string {
    const cache = this.cache!;
    this.cache = undefined;
    for (const path of drop) this.stage(cache, path, undefined);
    for (const [path, st] of update) this.stage(cache, path, st);
    const tree = cache.write(this.paths.gitDir);
    this.cache = cache;
    return tree;
  }

  /** The index takes what a walk found (git reads the files), and git writes the tree. */
  private async stageInIndex(drop: readonly string[], found: ReadonlyMap<string, Stats>): Promise<string> {
    const update = [...found.keys()];
    // a store's first index holds nothing to take out, and is written from what the pack read
    const first = !existsSync(this.paths.indexFile);
    if (drop.length > 0 && !first) await this.run(['update-index', '--force-remove', '-z', '--stdin'], `${drop.join('\0')}\0`);
    const links = new Set(update.filter((path) => found.get(path)!.isSymbolicLink()));
    const packed = update.length >= PACK_FROM ? await packBlobs(this.paths, update, links) : [];
    const written = first && packed.length === update.length && update.length > 0 && this.writeFirstIndex(packed);
    if (update.length > 0 && !written) await this.run(['update-index', '--add', '--replace', '-z', '--stdin'], `${update.join('\0')}\0`);
    this.unstaged.clear();
    // nothing staged, and no other process wrote the index since: the tree is the last one
    const tree =
      drop.length + update.length === 0 && this.indexed && this.indexed.stamp === this.indexStamp()
        ? this.indexed.tree
        : (await this.run(['write-tree'])).stdout.toString('utf8').trim();
    this.indexed = { tree, stamp: this.indexStamp() };
    this.followWalk(drop, update, tree);
    return tree;
  }

  /** Whether the first index could be written here (another tack process may hold its lock: then git stages). */
  private writeFirstIndex(entries: readonly IndexEntry[]): boolean {
    try {
      writeIndex(this.paths.indexFile, entries);
      return true;
    } catch {
      return false;
    }
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
    if (this.cache?.tree !== base) this.cache = await this.treeOf(base);
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
      if (!st || large || hasOtherNames(st) || !(st.isFile() || st.isSymbolicLink())) this.stage(cache, path, undefined);
      else if (cache.get(path)) this.stage(cache, path, st);
      else {
        fresh.push(path);
        stats.set(path, st);
      }
    }
    // a new file no ignore rule can name goes in at once; for the others git says what it would take
    const ask = fresh.filter((path) => this.own !== undefined || !noRuleCanName(this.workspace, path, EXCLUDED_NAMES));
    for (const path of fresh) if (!ask.includes(path)) this.stage(cache, path, stats.get(path)!);
    if (ask.length > 0) {
      // files its index tracks, and new ones no ignore rule names
      const args = ['ls-files', '-z', '-c', '-o', '--exclude-standard', `--exclude-from=${this.excludeFile}`, '--', ...ask];
      for (const path of new Set(nulList((await this.run(args)).stdout))) if (ask.includes(path)) this.stage(cache, path, stats.get(path)!);
    }
    this.latest = cache.write(this.paths.gitDir);
    this.cache = cache;
    return { tree: this.latest, skipped: skipped.sort() };
  }

  /**
   * The tree in memory takes a path's state now (a file or link of stat `st`, or none), its blob read
   * unless the same stat was read before; the path is then unstaged until a walk stages it in the index.
   */
  private stage(cache: TreeCache, path: string, st: Stats | undefined): void {
    if (st) {
      const key = statKey(st);
      const known = this.unstaged.get(path);
      if (known?.key === key) {
        cache.set(path, known.entry);
        return;
      }
      if (this.putBlob(cache, path, st)) {
        this.unstaged.set(path, { key, entry: cache.get(path)! });
        return;
      }
    }
    cache.set(path, undefined);
    this.unstaged.set(path, undefined);
  }

  /**
   * `store` false: the blob is stored already (update-index wrote it), only its id is needed. False when
   * the file cannot be read as tack reads its own (a link swapped in on its way, other names since).
   */
  private putBlob(cache: TreeCache, path: string, st: Stats, store = true): boolean {
    let bytes: Buffer;
    try {
      bytes = st.isSymbolicLink() ? Buffer.from(readlinkSync(join(this.workspace, path))) : readOwn(this.workspace, path);
    } catch (error) {
      if (error instanceof OwnFileError) return false;
      throw error;
    }
    const mode = st.isSymbolicLink() ? MODE.link : st.mode & 0o100 ? MODE.exec : MODE.file;
    cache.set(path, { mode, id: writeObject(this.paths.gitDir, 'blob', bytes, store) });
    return true;
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
      const read = update.every((path) => this.putBlob(cache, path, lstatSync(join(this.workspace, path)), false));
      if (read && cache.write(this.paths.gitDir, false) === tree) this.cache = cache;
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
