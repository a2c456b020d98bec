import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readLines } from '../../src/session/file/line-reader.js';

// Lines that straddle the 4 MB read chunks, one longer than two chunks, and no final newline.
it('reads lines across chunk boundaries exactly as split would', () => {
  const lines = ['header', 'a'.repeat(4 * 1024 * 1024 - 3), 'short', 'b'.repeat(9 * 1024 * 1024), 'é€𝄞 unicode', '', 'last without newline'];
  const path = join(mkdtempSync(join(tmpdir(), 'tack-lines-')), 'f.jsonl');
  writeFileSync(path, lines.join('\n'));
  const read = [...readLines(path)];
  expect(read.map((l) => l.no)).toEqual(lines.map((_, i) => i + 1));
  expect(read.map((l) => l.bytes.toString('utf8'))).toEqual(lines);
});
