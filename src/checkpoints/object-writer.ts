// tack's own writer of the shadow store's objects: the blobs of files an edit, a write or a walk found
// changed, the trees above them and the commit are written here, so such a snapshot starts no git
// process beyond the walk. The trees are those git writes (same entries, order and ids).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';

type ObjectType = 'blob' | 'tree' | 'commit';

/** git's id of an object: the SHA-1 of its header and body. */
export function objectId(type: ObjectType, body: Buffer): string {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

/** Writes a loose object unless it is stored already (or `store` is false: only its id); returns its id. */
export function writeObject(gitDir: string, type: ObjectType, body: Buffer, store = true): string {
  const id = objectId(type, body);
  const path = join(gitDir, 'objects', id.slice(0, 2), id.slice(2));
  if (store && !existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, deflateSync(Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]), { level: 1 }));
    renameSync(temp, path);
  }
  return id;
}

/** A commit of `tree` after `parent`, as `git commit-tree -m 'tack checkpoint'` writes it. */
export function writeCommit(gitDir: string, tree: string, parent: string | undefined): string {
  const who = `tack <tack@localhost> ${Math.floor(Date.now() / 1000)} +0000`;
  const body = `tree ${tree}\n${parent ? `parent ${parent}\n` : ''}author ${who}\ncommitter ${who}\n\ntack checkpoint\n`;
  return writeObject(gitDir, 'commit', Buffer.from(body));
}

interface Dir {
  entries: Map<string, { mode: string; id: string } | Dir>;
  /** its id; undefined once an entry under it changed */
  id: string | undefined;
}

const isDir = (e: { mode: string; id: string } | Dir): e is Dir => 'entries' in e;

/** A tree of the store held in memory, changed path by path and written back. */
export class TreeCache {
  private constructor(
    private readonly root: Dir,
    /** the tree it holds now, as written */
    public tree: string,
  ) {}

  /** From `git ls-tree -r -t -z <tree>`: trees come before what they hold. */
  static parse(listing: Buffer, tree: string): TreeCache {
    const root: Dir = { entries: new Map(), id: tree };
    for (const record of listing.toString('utf8').split('\0')) {
      const m = /^(\d+) (\w+) ([0-9a-f]+)\t(.+)$/s.exec(record);
      if (!m) continue;
      const parts = m[4]!.split('/');
      const name = parts.pop()!;
      const parent = TreeCache.walk(root, parts, false);
      if (!parent) continue;
      parent.entries.set(name, m[2] === 'tree' ? { entries: new Map(), id: m[3]! } : { mode: m[1]!, id: m[3]! });
    }
    return new TreeCache(root, tree);
  }

  private static walk(root: Dir, parts: string[], create: boolean): Dir | undefined {
    let dir = root;
    for (const part of parts) {
      let next = dir.entries.get(part);
      if (next === undefined || !isDir(next)) {
        if (!create) return undefined;
        next = { entries: new Map(), id: undefined };
        dir.entries.set(part, next);
      }
      dir = next;
    }
    return dir;
  }

  /** The path's mode and blob id, if the tree holds it as a file or link. */
  get(path: string): { mode: string; id: string } | undefined {
    const parts = path.split('/');
    const name = parts.pop()!;
    const entry = TreeCache.walk(this.root, parts, false)?.entries.get(name);
    return entry && !isDir(entry) ? entry : undefined;
  }

  /** Sets a file (mode, blob id), or takes it out (undefined); the trees above it are marked changed. */
  set(path: string, value: { mode: string; id: string } | undefined): void {
    const parts = path.split('/');
    const name = parts.pop()!;
    const trail: Dir[] = [this.root];
    for (const part of parts) {
      const next = TreeCache.walk(trail.at(-1)!, [part], value !== undefined);
      if (!next) return; // removing what is not there
      trail.push(next);
    }
    const held = trail.at(-1)!.entries.get(name);
    // the same file again: the trees above keep their ids, and nothing is written
    if (value && held && !isDir(held) && held.mode === value.mode && held.id === value.id) return;
    if (value) trail.at(-1)!.entries.set(name, value);
    else if (held === undefined) return;
    else trail.at(-1)!.entries.delete(name);
    for (const dir of trail) dir.id = undefined;
    // a folder left empty is no tree of git's
    for (let i = trail.length - 1; i > 0 && trail[i]!.entries.size === 0; i--) trail[i - 1]!.entries.delete(parts[i - 1]!);
  }

  /** Writes the changed trees (`store` false: only their ids, for trees git wrote); returns the root's id. */
  write(gitDir: string, store = true): string {
    this.tree = TreeCache.writeDir(gitDir, this.root, store);
    return this.tree;
  }

  private static writeDir(gitDir: string, dir: Dir, store: boolean): string {
    if (dir.id !== undefined) return dir.id;
    const rows = [...dir.entries].map(([name, e]) => {
      const folder = isDir(e);
      return { key: Buffer.from(folder ? `${name}/` : name), name, mode: folder ? '40000' : e.mode, id: folder ? TreeCache.writeDir(gitDir, e, store) : e.id };
    });
    rows.sort((a, b) => Buffer.compare(a.key, b.key));
    const body = Buffer.concat(rows.flatMap((r) => [Buffer.from(`${r.mode} ${r.name}\0`), Buffer.from(r.id, 'hex')]));
    dir.id = writeObject(gitDir, 'tree', body, store);
    return dir.id;
  }
}
