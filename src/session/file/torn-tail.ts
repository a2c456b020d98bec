// A session file whose last line was torn by a crash (kill -9 mid-write) ends without a newline.
// Appending to it as it is would glue the next entry onto the fragment, and the next load would skip
// that damaged line: the user's next message would be lost. The fragment is cut off and kept aside.
import { appendFileSync, closeSync, fstatSync, ftruncateSync, openSync, readSync } from 'node:fs';

const CHUNK = 64 * 1024;

/** Cuts a torn last line off `path` into `<path>.torn`; returns that path, or undefined when whole. */
export function cutTornTail(path: string): string | undefined {
  const fd = openSync(path, 'r+');
  try {
    const size = fstatSync(fd).size;
    if (size === 0 || endsWithNewline(fd, size)) return undefined;
    const start = lineStart(fd, size);
    const fragment = Buffer.alloc(size - start);
    readSync(fd, fragment, 0, fragment.length, start);
    const aside = `${path}.torn`;
    appendFileSync(aside, Buffer.concat([fragment, Buffer.from('\n')]), { mode: 0o600 });
    ftruncateSync(fd, start);
    return aside;
  } finally {
    closeSync(fd);
  }
}

function endsWithNewline(fd: number, size: number): boolean {
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] === 0x0a;
}

/** Where the last line starts: just after the last newline, read backwards a chunk at a time. */
function lineStart(fd: number, size: number): number {
  const buf = Buffer.alloc(CHUNK);
  for (let end = size; end > 0; end -= CHUNK) {
    const from = Math.max(0, end - CHUNK);
    readSync(fd, buf, 0, end - from, from);
    const at = buf.subarray(0, end - from).lastIndexOf(0x0a);
    if (at >= 0) return from + at + 1;
  }
  return 0;
}
