// The capped full-output file: the first and last halves as they came, a line saying what was dropped.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpillFile } from '../../tools/process/spill-file.js';

const file = () => join(mkdtempSync(join(tmpdir(), 'tack-spill-')), 'out.log');

describe('SpillFile', () => {
  it("reads back what it keeps while still being written (a job's log): the head from the file, the tail from memory", () => {
    const spill = new SpillFile(file(), 10);
    const text = 'HEAD-HEAD-' + 'm'.repeat(100) + 'TAIL-TAIL!';
    for (let i = 0; i < text.length; i += 7) spill.write(Buffer.from(text.slice(i, i + 7)));
    expect(spill.written).toBe(120);
    const all = spill.readFrom(0);
    expect(all.bytes.toString().startsWith('HEAD-HEAD-')).toBe(true);
    expect(all.bytes.toString().endsWith('TAIL-TAIL!')).toBe(true);
    expect(all.dropped + all.bytes.length).toBe(120);
    expect(spill.readFrom(115)).toEqual({ bytes: Buffer.from('-TAIL!'.slice(1)), dropped: 0 });
    expect(spill.readFrom(4)).toMatchObject({ dropped: all.dropped });
    expect(spill.readFrom(4).bytes.toString().startsWith('-HEAD-')).toBe(true);
    spill.close();
  });

  it('keeps everything while the output fits in both halves', () => {
    const spill = new SpillFile(file(), 10);
    for (const part of ['abc', 'defghij', 'klmnopqrst']) spill.write(Buffer.from(part));
    expect(spill.close()).toBe(0);
    expect(readFileSync(spill.path, 'utf8')).toBe('abcdefghijklmnopqrst');
  });

  it('keeps the first and last halves and says how much of the middle it dropped', () => {
    const spill = new SpillFile(file(), 10);
    const text = 'HEAD-HEAD-' + 'm'.repeat(1000) + 'TAIL-TAIL!';
    // chunks of odd sizes, so the head, the drop and the tail each fall inside a chunk
    for (let i = 0; i < text.length; i += 7) spill.write(Buffer.from(text.slice(i, i + 7)));
    expect(spill.close()).toBe(1000);
    expect(readFileSync(spill.path, 'utf8')).toBe(
      'HEAD-HEAD-\n[… 1000 B (1000 bytes) of output dropped here: this file keeps the first 10 B and the last 10 B]\nTAIL-TAIL!',
    );
  });

  it('holds the tail in bounded memory: one chunk larger than a half is cut to it', () => {
    const spill = new SpillFile(file(), 4);
    spill.write(Buffer.from('0123'));
    spill.write(Buffer.from('abcdefghijklmnop'));
    expect(spill.close()).toBe(12);
    expect(readFileSync(spill.path, 'utf8')).toMatch(/^0123\n\[… 12 B .*\]\nmnop$/);
  });
});
