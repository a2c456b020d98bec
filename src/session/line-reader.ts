// Reads a file line by line in fixed-size chunks, as bytes: a caller can skip lines it does not
// need without decoding them, and the file is never held in memory as one string.
import { closeSync, openSync, readSync } from 'node:fs';

const CHUNK = 4 * 1024 * 1024;

export interface RawLine {
  bytes: Buffer;
  /** 1-based line number */
  no: number;
}

export function* readLines(path: string): Generator<RawLine> {
  const fd = openSync(path, 'r');
  try {
    let carry: Buffer | null = null;
    let no = 0;
    for (;;) {
      // A fresh buffer per chunk: lines handed out stay valid after the next read.
      const chunk = Buffer.allocUnsafe(CHUNK);
      const n = readSync(fd, chunk, 0, CHUNK, null);
      if (n === 0) break;
      let data = chunk.subarray(0, n);
      if (carry) {
        data = Buffer.concat([carry, data]);
        carry = null;
      }
      let start = 0;
      for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
        yield { bytes: data.subarray(start, nl), no: ++no };
        start = nl + 1;
      }
      if (start < data.length) carry = Buffer.from(data.subarray(start));
    }
    if (carry && carry.length > 0) yield { bytes: carry, no: ++no };
  } finally {
    closeSync(fd);
  }
}
