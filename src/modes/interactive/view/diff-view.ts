// A unified diff as coloured lines with line numbers: `  12 + added`, `  11 - removed`, on red and
// green bands with the changed words marked and the code in its syntax colours.
import { plural } from '../../../../tools/format.js';
import { extname } from 'node:path';
import { visible } from '../../../text/terminal-text.js';
import { highlight } from '../markdown/highlight.js';
import { colorLevel, s, sym } from '../text/style.js';
import { graphemes } from '../text/graphemes.js';
import { sanitize, truncate, width } from '../text/text.js';
import { overlayBackground } from './ansi-overlay.js';
import { type Range, wordMarks } from './diff-words.js';

export interface DiffLine {
  kind: '+' | '-' | ' ' | 'gap';
  number?: number;
  text: string;
}

export function parseUnifiedDiff(diff: string): DiffLine[] {
  const out: DiffLine[] = [];
  let oldLine = 0;
  let newLine = 0;
  let hunks = 0;
  for (const line of diff.split('\n')) {
    const hunk = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (hunk) {
      if (hunks++ > 0) out.push({ kind: 'gap', text: '' });
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      continue;
    }
    if (hunks === 0 || line.startsWith('\\')) continue; // file headers, "\ No newline at end of file"
    const kind = line[0];
    const text = line.slice(1);
    if (kind === '+') out.push({ kind: '+', number: newLine++, text });
    else if (kind === '-') out.push({ kind: '-', number: oldLine++, text });
    else if (kind === ' ') {
      out.push({ kind: ' ', number: newLine++, text });
      oldLine++;
    }
  }
  return out;
}

/**
 * The first run of removed and added lines, as line indices of the rendered diff: where a question
 * opens it. `added`: its first added line after a removed one, when it replaces lines.
 */
export function firstChange(diff: string): { at: number; length: number; added?: number } | undefined {
  const kinds = parseUnifiedDiff(diff).map((l) => l.kind);
  const at = kinds.findIndex((k) => k === '+' || k === '-');
  if (at < 0) return undefined;
  const end = kinds.findIndex((k, i) => i > at && k !== '+' && k !== '-');
  const length = (end < 0 ? kinds.length : end) - at;
  const added = kinds.findIndex((k, i) => i > at && i < at + length && k === '+');
  return kinds[at] === '-' && added > 0 ? { at, length, added } : { at, length };
}

const BAND = {
  '-': { base: '\x1b[48;5;52m', mark: '\x1b[48;5;88m' },
  '+': { base: '\x1b[48;5;22m', mark: '\x1b[48;5;28m' },
};
const END_BAND = '\x1b[49m';

/** Each line's text as shown: control characters visible. */
function shownText(text: string): string {
  return sanitize(visible(text.replace(/\r$/, '')));
}

/** A line's text in pieces of at most `room` columns, every character kept (code is not reflowed at spaces). */
function pieces(text: string, room: number): string[] {
  if (width(text) <= room) return [text];
  const out: string[] = [];
  let cur = '';
  let used = 0;
  for (const { segment } of graphemes(text)) {
    const w = width(segment);
    if (used + w > room && used > 0) {
      out.push(cur);
      cur = '';
      used = 0;
    }
    cur += segment;
    used += w;
  }
  out.push(cur);
  return out;
}

/**
 * Syntax colours for the shown lines, each side highlighted as one piece of code so that strings and
 * comments spanning lines come out right: the new side (context and added lines) and the old (removed).
 */
function highlightSides(lines: readonly { kind: DiffLine['kind'] }[], texts: string[], path: string | undefined): string[] {
  const ext = path ? extname(path).slice(1) : '';
  if (!ext || colorLevel() !== 'color') return texts;
  const out = [...texts];
  for (const side of [(k: string) => k === ' ' || k === '+', (k: string) => k === '-']) {
    const idx = lines.flatMap((l, i) => (side(l.kind) ? [i] : []));
    const painted = highlight(idx.map((i) => texts[i]).join('\n'), ext);
    if (painted.length !== idx.length) continue;
    idx.forEach((i, k) => {
      out[i] = painted[k]!;
    });
  }
  return out;
}

/** Changed words underlined, for terminals without colour. */
function underlineRanges(text: string, ranges: Range[]): string {
  let out = '';
  let at = 0;
  for (const [a, b] of ranges) {
    out += text.slice(at, a) + s.underline(text.slice(a, b));
    at = b;
  }
  return out + text.slice(at);
}

export interface DiffOptions {
  /** long lines go on in rows below their number, every character shown (a question: the user decides on it); otherwise cut with `…` */
  wrap?: boolean;
  /** filled with the row each line of the diff starts on, when lines wrap */
  rowOf?: number[];
}

interface Row {
  kind: DiffLine['kind'];
  /** the line's number on its first row only */
  number?: number;
  text: string;
}

/**
 * At most `max` lines of the diff (then "… N more lines"), each cut to the width or wrapped: removed
 * and added lines on red and green bands with the changed words marked, in the syntax colours of
 * `path`'s language.
 */
export function renderDiff(diff: string, cols: number, max: number, path?: string, o: DiffOptions = {}): string[] {
  const lines = parseUnifiedDiff(diff);
  const numWidth = Math.max(3, ...lines.map((l) => String(l.number ?? '').length));
  const shown = lines.length > max ? lines.slice(0, Math.max(1, max - 1)) : lines;
  const room = Math.max(1, cols - numWidth - 3);
  const rows: Row[] = [];
  for (const l of shown) {
    o.rowOf?.push(rows.length);
    if (l.kind === 'gap') rows.push({ kind: 'gap', text: '' });
    else if (o.wrap)
      for (const [i, text] of pieces(shownText(l.text), room).entries()) rows.push({ kind: l.kind, number: i === 0 ? l.number : undefined, text });
    else rows.push({ kind: l.kind, number: l.number, text: truncate(shownText(l.text), room) });
  }
  const texts = rows.map((r) => r.text);
  const marks = wordMarks(rows);
  const painted = highlightSides(rows, texts, path);
  const color = colorLevel() === 'color';
  const out = rows.map((l, i) => {
    if (l.kind === 'gap') return s.gray(`${' '.repeat(numWidth)}   ${sym('⋮', '...')}`);
    const gutter = l.number === undefined ? ' '.repeat(numWidth + 3) : `${String(l.number).padStart(numWidth)} ${l.kind} `;
    if (l.kind === ' ') return s.dim(gutter + painted[i]!);
    const ranges = marks.get(i) ?? [];
    if (!color) return gutter + underlineRanges(texts[i]!, ranges);
    const band = BAND[l.kind];
    const sign = l.kind === '+' ? s.green(gutter) : s.red(gutter);
    const body = overlayBackground(painted[i]!, ranges, band.base, band.mark);
    return `${band.base}${sign}${band.base}${body}${' '.repeat(Math.max(0, cols - numWidth - 3 - width(texts[i]!)))}${END_BAND}`;
  });
  if (lines.length > shown.length) out.push(s.gray(`… ${plural(lines.length - shown.length, 'more line')}`));
  return out;
}
