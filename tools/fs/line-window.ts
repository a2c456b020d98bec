// A window of a file's lines read as a stream, so reading lines 10,000-10,100 of a large file never
// holds the whole file; an overlong line is kept only in part.
import { createReadStream } from 'node:fs';

export interface LineWindow {
  /** the wanted lines, decoded, without their line terminators */
  lines: string[];
  /** number of the first line in `lines` (1-based) */
  first: number;
  /** lines in the whole file */
  totalLines: number;
}

/** A line longer than this is kept only in part: enough to show its first few thousand characters. */
const MAX_KEPT_LINE_BYTES = 64 * 1024;

/**
 * Streams a file (a path, or its text already read: an editor's buffer) once, keeping lines `first`..`first + count - 1` (while `keep` says yes) and counting
 * all lines, so a huge log can be paged without being loaded whole.
 */
export async function readLineWindow(
  source: string | Iterable<Buffer>,
  first: number,
  count: number,
  keep: (line: string) => boolean,
  signal?: AbortSignal,
): Promise<LineWindow> {
  const lines: string[] = [];
  let accepting = true;
  let total = 0;
  let partial: Buffer[] = [];
  let partialBytes = 0;
  let endsWithNewline = true;
  const wanted = (lineNumber: number) => accepting && lineNumber >= first && lineNumber < first + count;
  const take = (bytes: Buffer) => {
    let text = bytes.toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (total === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
    if (keep(text)) lines.push(text);
    else accepting = false;
  };
  const hold = (bytes: Buffer) => {
    if (partialBytes >= MAX_KEPT_LINE_BYTES) return;
    partial.push(bytes);
    partialBytes += bytes.length;
  };
  const chunks = typeof source === 'string' ? (createReadStream(source, { highWaterMark: 1 << 20, signal }) as AsyncIterable<Buffer>) : source;
  for await (const chunk of chunks) {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      total++;
      if (wanted(total)) {
        hold(chunk.subarray(start, newline));
        take(Buffer.concat(partial));
      }
      partial = [];
      partialBytes = 0;
      start = newline + 1;
    }
    if (start < chunk.length && wanted(total + 1)) hold(chunk.subarray(start));
    endsWithNewline = start === chunk.length;
  }
  if (!endsWithNewline) {
    total++;
    if (wanted(total)) take(Buffer.concat(partial));
  }
  return { lines, first, totalLines: total };
}
