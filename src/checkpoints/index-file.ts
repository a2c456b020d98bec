// git's index (version 2) written by tack for a store's first snapshot: the files were just read into
// one pack, with their stat taken before each read, so git need not read and hash them all again
// (`update-index --add` did, a third of that snapshot's time). git reads this index as its own: the
// next walk finds a file changed by its stat, as always.
import { closeSync, openSync, renameSync, rmSync, writeSync, type BigIntStats } from 'node:fs';
import { createHash } from 'node:crypto';

export interface IndexEntry {
  /** relative, with `/` */
  path: string;
  /** git's mode: 0o100644, 0o100755 or 0o120000 */
  mode: number;
  /** the blob's id, hex */
  id: string;
  stat: BigIntStats;
}

const NS = 1_000_000_000n;
const u32 = (n: bigint) => Number(BigInt.asUintN(32, n));

function entryBytes(e: IndexEntry): Buffer {
  const name = Buffer.from(e.path);
  // 62 fixed bytes, the name, and 1 to 8 NULs to a multiple of 8
  const size = (62 + name.length + 8) & ~7;
  const b = Buffer.alloc(size);
  const s = e.stat;
  const fields = [s.ctimeNs / NS, s.ctimeNs % NS, s.mtimeNs / NS, s.mtimeNs % NS, s.dev, s.ino, BigInt(e.mode), s.uid, s.gid, s.size];
  fields.forEach((v, i) => {
    b.writeUInt32BE(u32(v), i * 4);
  });
  Buffer.from(e.id, 'hex').copy(b, 40);
  b.writeUInt16BE(Math.min(name.length, 0xfff), 60);
  name.copy(b, 62);
  return b;
}

/**
 * Writes `entries` as the index at `indexFile`, through `index.lock` as git does (so another tack
 * process holding the lock makes this throw, and the caller stages the usual way).
 */
export function writeIndex(indexFile: string, entries: readonly IndexEntry[]): void {
  const sorted = [...entries].sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
  const header = Buffer.alloc(12);
  header.write('DIRC', 0, 'latin1');
  header.writeUInt32BE(2, 4);
  header.writeUInt32BE(sorted.length, 8);
  const body = Buffer.concat([header, ...sorted.map(entryBytes)]);
  const sum = createHash('sha1').update(body).digest();
  const lock = `${indexFile}.lock`;
  const fd = openSync(lock, 'wx', 0o600);
  try {
    writeSync(fd, body);
    writeSync(fd, sum);
  } catch (err) {
    closeSync(fd);
    rmSync(lock, { force: true });
    throw err;
  }
  closeSync(fd);
  renameSync(lock, indexFile);
}
