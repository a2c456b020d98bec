// Where vim's motions and text objects land in the input's text, as pure index arithmetic. Word
// classes are vim's: keyword characters, other non-blanks, and blanks; a line break is a blank.
import { nextBoundary, prevBoundary } from './editor.js';

/** Where a motion ends, and how an operator takes the span up to it. */
export interface Landing {
  to: number;
  /** the character under `to` belongs to the span (`e`, `$`) */
  inclusive?: boolean;
  /** whole lines (`j`, `k`, `gg`, `G`) */
  linewise?: boolean;
}

export const lineStart = (text: string, i: number): number => text.lastIndexOf('\n', i - 1) + 1;

export function lineEnd(text: string, i: number): number {
  const nl = text.indexOf('\n', i);
  return nl < 0 ? text.length : nl;
}

type CharClass = 0 | 1 | 2;

/** 0: blank or line break, 1: keyword, 2: other. */
function classOf(ch: string | undefined): CharClass {
  if (ch === undefined || /\s/.test(ch)) return 0;
  return /[\p{L}\p{N}_]/u.test(ch) ? 1 : 2;
}

/** The start of the next word (`w`). */
export function nextWordStart(text: string, i: number): number {
  let j = i;
  const c = classOf(text[j]);
  if (c !== 0) while (j < text.length && classOf(text[j]) === c) j++;
  while (j < text.length && classOf(text[j]) === 0) j++;
  return j;
}

/** The start of this or the previous word (`b`). */
export function prevWordStart(text: string, i: number): number {
  let j = i;
  while (j > 0 && classOf(text[j - 1]) === 0) j--;
  const c = classOf(text[j - 1]);
  while (j > 0 && c !== 0 && classOf(text[j - 1]) === c) j--;
  return j;
}

/** The last character of this or the next word (`e`). */
export function wordEnd(text: string, i: number): number {
  let j = Math.min(i + 1, text.length);
  while (j < text.length && classOf(text[j]) === 0) j++;
  const c = classOf(text[j]);
  while (j + 1 < text.length && classOf(text[j + 1]) === c && c !== 0) j++;
  return Math.min(j, Math.max(0, text.length - 1));
}

/** `iw`/`aw`: the run of one class under the cursor; `around` adds the blanks after it (or before). */
export function wordObject(text: string, i: number, around: boolean): [number, number] {
  const end = lineEnd(text, i);
  const start = lineStart(text, i);
  if (i >= end) return [i, i];
  const c = classOf(text[i]);
  let from = i;
  let to = i + 1;
  while (from > start && classOf(text[from - 1]) === c) from--;
  while (to < end && classOf(text[to]) === c) to++;
  if (around && c !== 0) {
    let after = to;
    while (after < end && classOf(text[after]) === 0) after++;
    if (after > to) to = after;
    else while (from > start && classOf(text[from - 1]) === 0) from--;
  }
  return [from, to];
}

/** The first non-blank of the line holding `i` (`^`). */
export function firstNonBlank(text: string, i: number): number {
  const start = lineStart(text, i);
  const end = lineEnd(text, i);
  let j = start;
  while (j < end && /[ \t]/.test(text[j]!)) j++;
  return j;
}

/** The index `n` lines below (negative: above) `i`, at the same column or the line's last character. */
export function lineOffset(text: string, i: number, n: number): number | null {
  const col = i - lineStart(text, i);
  let start = lineStart(text, i);
  for (let k = 0; k < Math.abs(n); k++) {
    if (n > 0) {
      const end = lineEnd(text, start);
      if (end >= text.length) return null;
      start = end + 1;
    } else {
      if (start === 0) return null;
      start = lineStart(text, start - 1);
    }
  }
  return Math.min(start + col, lastChar(text, start));
}

/** The last character of the line holding `i` (where normal mode's cursor may go). */
export function lastChar(text: string, i: number): number {
  const start = lineStart(text, i);
  return Math.max(start, lineEnd(text, i) - 1);
}

/** Where motion `key` (repeated `count` times) from `i` lands; null for a key that is no motion. */
export function motion(text: string, i: number, key: string, count: number): Landing | null {
  let to = i;
  const repeat = (step: (j: number) => number) => {
    for (let k = 0; k < count; k++) to = step(to);
  };
  switch (key) {
    case 'h':
      repeat((j) => Math.max(lineStart(text, i), prevBoundary(text, j)));
      return { to };
    case 'l':
      repeat((j) => Math.min(lineEnd(text, i), nextBoundary(text, j)));
      return { to };
    case 'w':
      repeat((j) => nextWordStart(text, j));
      return { to };
    case 'b':
      repeat((j) => prevWordStart(text, j));
      return { to };
    case 'e':
      repeat((j) => wordEnd(text, j));
      return { to, inclusive: true };
    case '0':
      return { to: lineStart(text, i) };
    case '^':
      return { to: firstNonBlank(text, i) };
    case '$':
      return { to: lastChar(text, lineOffset(text, i, count - 1) ?? i), inclusive: true };
    case 'j':
    case 'k': {
      const moved = lineOffset(text, i, key === 'j' ? count : -count);
      return moved === null ? null : { to: moved, linewise: true };
    }
    case 'gg':
      return { to: firstNonBlank(text, 0), linewise: true };
    case 'G':
      return { to: firstNonBlank(text, lineStart(text, text.length)), linewise: true };
    default:
      return null;
  }
}
