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
      const data = chunk.subarray(0, n);
      let start = 0;
      for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
        // Only a line that straddles two reads is copied; the rest are views of the chunk.
        const bytes = carry ? Buffer.concat([carry, data.subarray(start, nl)]) : data.subarray(start, nl);
        carry = null;
        yield { bytes, no: ++no };
        start = nl + 1;
      }
      if (start < data.length) carry = carry ? Buffer.concat([carry, data.subarray(start)]) : Buffer.from(data.subarray(start));
    }
    if (carry && carry.length > 0) yield { bytes: carry, no: ++no };
  } finally {
    closeSync(fd);
  }
}
