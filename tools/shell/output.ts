// What the model is shown of a command's output: what a terminal would show, its head and tail when
// it is long, and the whole raw output in a spill file it can read, so no output is lost or unbounded.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { stripVTControlCharacters } from 'node:util';
import { formatSize } from '../format.js';
import { ownTempDir } from '../process/own-temp.js';
import { SpillFile } from '../process/spill-file.js';

export const HEAD_LINES = 100;
export const TAIL_LINES = 400;
export const MAX_OUTPUT_BYTES = 30 * 1024;
const HEAD_BYTES = 10 * 1024;
const TAIL_BYTES = MAX_OUTPUT_BYTES - HEAD_BYTES;

/**
 * What a terminal would show, as plain text: no ANSI escapes, CRLF as LF, and of a line redrawn
 * with carriage returns (progress bars) only its last state.
 */
export function cleanTerminalText(text: string): string {
  return stripVTControlCharacters(text)
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => {
      if (!line.includes('\r')) return line;
      const states = line.split('\r').filter((state) => state !== '');
      return states[states.length - 1] ?? '';
    })
    .join('\n');
}

function cutToBytes(text: string, bytes: number, fromEnd: boolean): string {
  const buffer = Buffer.from(text);
  if (buffer.length <= bytes) return text;
  const part = fromEnd ? buffer.subarray(buffer.length - bytes) : buffer.subarray(0, bytes);
  // a multi-byte character cut in two decodes as U+FFFD at the cut; drop it
  return part.toString('utf8').replace(fromEnd ? /^\uFFFD+/ : /\uFFFD+$/, '');
}

/** The first `maxLines` lines of a text, within `maxBytes`. */
export function headOf(text: string, maxLines: number, maxBytes: number): string {
  return cutToBytes(text.split('\n').slice(0, maxLines).join('\n'), maxBytes, false);
}

/** The last `maxLines` lines of a text, within `maxBytes`. */
export function tailOf(text: string, maxLines: number, maxBytes: number): string {
  const lines = text.replace(/\n$/, '').split('\n');
  return cutToBytes(lines.slice(-maxLines).join('\n'), maxBytes, true);
}

function lineCount(text: string): number {
  return text === '' ? 0 : text.replace(/\n$/, '').split('\n').length;
}

export interface CollectedOutput {
  /** what the model sees: all of it, or its head and tail around a note naming the spill file */
  text: string;
  truncated: boolean;
  /** the complete raw output, when it was too long to show whole */
  fullOutputPath?: string;
  bytes: number;
  /** the output's true line count, shown whole or not */
  lines: number;
}

/**
 * Collects a command's merged output. Small output stays in memory; once it outgrows what the model
 * is shown, every raw byte goes to a temp file instead and only the head and a rolling tail are kept,
 * so a command printing gigabytes costs neither memory nor a broken spill file.
 */
export class OutputCollector {
  private readonly decoder = new StringDecoder('utf8');
  private raw: Buffer[] = [];
  /** all output while it is small; the head once spilled */
  private text = '';
  private tail = '';
  private newlines = 0;
  private spill?: SpillFile;
  bytes = 0;

  /** whether the output has outgrown what is shown whole */
  get truncated(): boolean {
    return this.spill !== undefined;
  }

  push(chunk: Buffer): void {
    this.bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.newlines++;
    this.append(this.decoder.write(chunk), chunk);
  }

  private append(decoded: string, chunk?: Buffer): void {
    if (this.spill) {
      if (chunk) this.spill.write(chunk);
      this.tail += decoded;
      if (this.tail.length > 4 * MAX_OUTPUT_BYTES) this.tail = this.tail.slice(-2 * MAX_OUTPUT_BYTES);
      return;
    }
    if (chunk) this.raw.push(chunk);
    this.text += decoded;
    if (this.bytes > MAX_OUTPUT_BYTES || this.newlines > HEAD_LINES + TAIL_LINES) this.startSpill();
  }

  private startSpill(): void {
    // tack's own folder, removed when tack exits: the file is there for the rest of the session
    this.spill = new SpillFile(join(ownTempDir('output'), `bash-${randomUUID()}.log`));
    for (const chunk of this.raw) this.spill.write(chunk);
    this.raw = [];
    this.tail = this.text.slice(-2 * MAX_OUTPUT_BYTES);
    this.text = headOf(this.text, HEAD_LINES, HEAD_BYTES);
  }

  /** The latest output, for progress updates. */
  preview(): string {
    return tailOf(cleanTerminalText(this.spill ? this.tail : this.text), TAIL_LINES, TAIL_BYTES);
  }

  finish(): CollectedOutput {
    this.append(this.decoder.end());
    if (!this.spill) {
      const text = cleanTerminalText(this.text);
      return { text, truncated: false, bytes: this.bytes, lines: lineCount(text) };
    }
    const dropped = this.spill.close();
    const head = cleanTerminalText(this.text);
    const tail = tailOf(cleanTerminalText(this.tail), TAIL_LINES, TAIL_BYTES);
    const totalLines = this.newlines + (this.tail.endsWith('\n') ? 0 : 1);
    const omitted = Math.max(0, totalLines - lineCount(head) - lineCount(tail));
    const file =
      dropped > 0
        ? `the output (${formatSize(this.bytes)}) is in ${this.spill.path}, without ${formatSize(dropped)} of its middle`
        : `the full output (${formatSize(this.bytes)}) is in ${this.spill.path}`;
    // bytes, not only lines: one 200 KB line cut to its ends omits no whole line, but most of it
    const omittedBytes = Math.max(0, this.bytes - Buffer.byteLength(head) - Buffer.byteLength(tail));
    const what = omitted > 0 ? `${omitted} lines (${formatSize(omittedBytes)})` : `${formatSize(omittedBytes)} from within long lines`;
    const note = `[… ${what} omitted; ${file}: read it with offset, or grep it]`;
    return { text: `${head}\n\n${note}\n\n${tail}`, truncated: true, fullOutputPath: this.spill.path, bytes: this.bytes, lines: totalLines };
  }
}
