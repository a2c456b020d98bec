// Which words changed inside a changed line: each run of removed lines is paired with the run of
// added lines after it, line by line, and each pair is compared word by word. A pair with little in
// common is a rewrite, not an edit: marking nearly every word would only add noise, so it gets none.
import { diffWordsWithSpace } from 'diff';

/** [start, end) offsets into a line's text. */
export type Range = [number, number];

export interface MarkedLine {
  kind: '+' | '-' | ' ' | 'gap';
  text: string;
}

/** Below this share of unchanged text a pair of lines is not marked word by word. */
const MIN_COMMON = 0.4;

/** The changed ranges of each line (by index); lines without a partner have none. */
export function wordMarks(lines: MarkedLine[]): Map<number, Range[]> {
  const marks = new Map<number, Range[]>();
  let i = 0;
  while (i < lines.length) {
    if (lines[i]!.kind !== '-') {
      i++;
      continue;
    }
    const removedStart = i;
    while (i < lines.length && lines[i]!.kind === '-') i++;
    const addedStart = i;
    while (i < lines.length && lines[i]!.kind === '+') i++;
    const pairs = Math.min(addedStart - removedStart, i - addedStart);
    for (let k = 0; k < pairs; k++) {
      const pair = markPair(lines[removedStart + k]!.text, lines[addedStart + k]!.text);
      if (!pair) continue;
      marks.set(removedStart + k, pair.removed);
      marks.set(addedStart + k, pair.added);
    }
  }
  return marks;
}

function markPair(before: string, after: string): { removed: Range[]; added: Range[] } | undefined {
  if (before === after) return undefined;
  const removed: Range[] = [];
  const added: Range[] = [];
  let at = 0;
  let bt = 0;
  let common = 0;
  for (const part of diffWordsWithSpace(before, after)) {
    const n = part.value.length;
    if (part.removed) {
      removed.push([at, at + n]);
      at += n;
    } else if (part.added) {
      added.push([bt, bt + n]);
      bt += n;
    } else {
      common += n;
      at += n;
      bt += n;
    }
  }
  if (common < MIN_COMMON * Math.max(before.length, after.length)) return undefined;
  return { removed: removed.filter(([a, b]) => b > a), added: added.filter(([a, b]) => b > a) };
}
