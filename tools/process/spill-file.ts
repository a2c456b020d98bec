// The file a long command's complete output goes to, capped: a runaway command under the default
// timeout could write gigabytes. It keeps the first and the last `halfBytes` of the output as they
// came, with a line between them saying how much was dropped; the tail waits in memory until the end.
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { formatSize } from '../format.js';

/** What the file keeps of the output's beginning, and of its end. */
export const SPILL_HALF_BYTES = 8 * 1024 * 1024;

export class SpillFile {
  private readonly fd: number;
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private total = 0;

  constructor(
    readonly path: string,
    private readonly halfBytes = SPILL_HALF_BYTES,
  ) {
    this.fd = openSync(path, 'w+', 0o600);
  }

  write(chunk: Buffer): void {
    this.total += chunk.length;
    let rest = chunk;
    if (this.headBytes < this.halfBytes) {
      const head = rest.subarray(0, this.halfBytes - this.headBytes);
      writeSync(this.fd, head);
      this.headBytes += head.length;
      rest = rest.subarray(head.length);
    }
    if (rest.length === 0) return;
    this.tail.push(rest);
    this.tailBytes += rest.length;
    while (this.tailBytes - this.tail[0]!.length >= this.halfBytes) this.tailBytes -= this.tail.shift()!.length;
  }

  /** How many bytes were written, dropped ones included: the offset the next byte will have. */
  get written(): number {
    return this.total;
  }

  /**
   * What is kept of the output from byte `from` on, while it is still being written (a background
   * job's log): the head read back from the file, the tail from memory, and how many bytes between
   * the two were dropped.
   */
  readFrom(from: number): { bytes: Buffer; dropped: number } {
    const tailStart = this.total - this.tailBytes;
    const parts: Buffer[] = [];
    if (from < this.headBytes) {
      const head = Buffer.alloc(this.headBytes - from);
      readSync(this.fd, head, 0, head.length, from);
      parts.push(head);
    }
    const gapStart = Math.max(from, this.headBytes);
    const dropped = Math.max(0, tailStart - gapStart);
    const tail = Buffer.concat(this.tail, this.tailBytes);
    parts.push(tail.subarray(Math.max(0, from - tailStart)));
    return { bytes: Buffer.concat(parts), dropped };
  }

  /** Writes the tail and closes; returns how many bytes of the middle were dropped. */
  close(): number {
    let tail = Buffer.concat(this.tail, this.tailBytes);
    if (tail.length > this.halfBytes) tail = tail.subarray(tail.length - this.halfBytes);
    const dropped = this.total - this.headBytes - tail.length;
    if (dropped > 0) {
      const kept = formatSize(this.halfBytes);
      writeSync(this.fd, `\n[… ${formatSize(dropped)} (${dropped} bytes) of output dropped here: this file keeps the first ${kept} and the last ${kept}]\n`);
    }
    writeSync(this.fd, tail);
    closeSync(this.fd);
    this.tail = [];
    return dropped;
  }
}
