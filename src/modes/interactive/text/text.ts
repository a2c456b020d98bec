// Width-aware text helpers: every line a view returns fits the terminal width exactly, so the live
// region's height is known before Ink draws it.
import stringWidth from 'string-width';
import { escapeEnd, stripAnsi } from '../../../text/escapes.js';
import { type StripOptions, stripControls } from '../../../text/terminal-text.js';
import { graphemes } from './graphemes.js';
import { wrapAsciiLine, wrapLine } from './wrap.js';

/**
 * Code units that always take one column on their own: no combining, joining or emoji behaviour
 * whatever their neighbours (box drawing, bullets, `…`, `·`, accented letters). Found out once per
 * character with string-width and the grapheme segmenter: 0 not known yet, 1 yes, 2 no.
 */
const simpleNarrow = new Uint8Array(0x10000);

function isSimpleNarrow(c: number): boolean {
  let known = simpleNarrow[c]!;
  if (known === 0) {
    const ch = String.fromCharCode(c);
    const alone = (t: string) => graphemes(t).length === 2;
    const yes = !(c >= 0xd800 && c <= 0xdfff) && stringWidth(ch) === 1 && alone(`a${ch}`) && alone(`${ch}a`) && alone(ch + ch);
    known = simpleNarrow[c] = yes ? 1 : 2;
  }
  return known === 1;
}

/**
 * Display columns, as string-width counts them. Lines of printable ASCII, SGR styles and simple
 * narrow characters (most of what tack draws) are counted directly; string-width (grapheme
 * segmentation and emoji rules for every character) only sees the rest.
 */
export function width(text: string): number {
  let w = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c <= 0x7e) w++;
    else if (c === 0x1b) {
      // an escape sequence (a style, mostly): no columns
      const end = escapeEnd(text, i);
      if (end === i + 1) return stringWidth(text);
      i = end - 1;
    } else if (c >= 0xa0 && isSimpleNarrow(c)) w++;
    else return stringWidth(text);
  }
  return w;
}

/** Wraps to `cols` (words first, long words hard-broken); keeps ANSI styles intact across lines. */
export function wrap(text: string, cols: number): string[] {
  if (cols < 1) cols = 1;
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (isNarrow(line)) {
      if (line.length <= cols) out.push(line);
      else for (const piece of wrapAsciiLine(line, cols)) out.push(piece);
    } else if (width(line) <= cols) out.push(line);
    else for (const piece of wrapLine(line, cols)) out.push(piece);
  }
  return out;
}

/** Wraps with a first-line prefix and an indent for the continuation lines (list items, quotes). */
export function wrapWithPrefix(text: string, cols: number, first: string, rest: string): string[] {
  const inner = Math.max(1, cols - width(first));
  return wrap(text, inner).map((line, i) => (i === 0 ? first : rest) + line);
}

/** Cuts a line to `cols` display columns, with `…` when something was cut. */
export function truncate(text: string, cols: number): string {
  if (width(text) <= cols) return text;
  if (cols <= 1) return cols === 1 ? '…' : '';
  const plain = stripAnsi(text);
  let out = '';
  let used = 0;
  for (const { segment } of graphemes(plain)) {
    const w = width(segment);
    if (used + w > cols - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}

/** Pads with spaces to `cols` display columns. */
export function padEnd(text: string, cols: number): string {
  const w = width(text);
  return w >= cols ? text : text + ' '.repeat(cols - w);
}

function isNarrow(text: string): boolean {
  // Printable ASCII only: one column per character.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

/** Tabs to spaces (tab stops of 4 for display): string widths count a tab as zero columns. */
export function expandTabs(text: string, stop = 4): string {
  if (!text.includes('\t')) return text;
  return text
    .split('\n')
    .map((line) => {
      let out = '';
      for (const ch of line) out += ch === '\t' ? ' '.repeat(stop - (width(out) % stop)) : ch;
      return out;
    })
    .join('\n');
}

/**
 * Text from outside (tool output, model text) made safe to draw: escape sequences and control
 * characters removed (they would move the cursor under Ink's feet), a line redrawn with CRs (a
 * progress bar) as its last state (a message passes `newline`: nothing in it is hidden), CRLF to
 * LF, tabs expanded.
 */
export function sanitize(text: string, carriageReturn: StripOptions['carriageReturn'] = 'lastRedraw'): string {
  return expandTabs(stripControls(text, { carriageReturn }));
}
