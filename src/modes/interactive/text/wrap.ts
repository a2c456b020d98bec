// Word wrapping for styled text, fast on the common case (ASCII) and exact on the rest (wide and
// combined characters): a line of a long answer is wrapped once, but there are many of them.
import stringWidth from 'string-width';
import { escapeEnd } from '../../../text/escapes.js';
import { graphemes } from './graphemes.js';

interface Unit {
  s: string;
  /** display columns; 0 for escape sequences */
  w: number;
  /** 'char' is one grapheme, or a run of printable ASCII (one column each) */
  kind: 'char' | 'space' | 'ansi';
}

const widths = new Map<string, number>();

function graphemeWidth(g: string): number {
  let w = widths.get(g);
  if (w === undefined) {
    w = stringWidth(g);
    if (widths.size < 10_000) widths.set(g, w);
  }
  return w;
}

/**
 * The line as units: escape sequences (a lone ESC too), single spaces, runs of printable
 * ASCII, and the graphemes of everything else. A hand-written scanner: a regex would allocate a
 * match object per word.
 */
function units(line: string): Unit[] {
  const out: Unit[] = [];
  const n = line.length;
  for (let i = 0; i < n; ) {
    const c = line.charCodeAt(i);
    if (c === 0x20) {
      out.push({ s: ' ', w: 1, kind: 'space' });
      i++;
    } else if (c >= 0x21 && c <= 0x7e) {
      let j = i + 1;
      for (let d = line.charCodeAt(j); d >= 0x21 && d <= 0x7e; d = line.charCodeAt(++j));
      out.push({ s: line.slice(i, j), w: j - i, kind: 'char' });
      i = j;
    } else if (c === 0x1b) {
      const j = escapeEnd(line, i);
      out.push({ s: line.slice(i, j), w: 0, kind: 'ansi' });
      i = j;
    } else {
      let j = i + 1;
      for (let d = line.charCodeAt(j); j < n && d !== 0x1b && (d < 0x20 || d > 0x7e); d = line.charCodeAt(++j));
      for (const g of graphemes(line.slice(i, j))) out.push({ s: g.segment, w: graphemeWidth(g.segment), kind: 'char' });
      i = j;
    }
  }
  return out;
}

const CLOSERS: Record<string, RegExp> = {
  '22': /^(1|2)$/,
  '23': /^3$/,
  '24': /^4$/,
  '27': /^7$/,
  '29': /^9$/,
  '39': /^(3[0-8]|9[0-7])(;|$)/,
  '49': /^(4[0-8]|10[0-7])(;|$)/,
};

/** Keeps the SGR codes in force, so a wrapped line can close them and the next reopen them. */
function track(open: string[], code: string): string[] {
  const m = /^\x1b\[([0-9;]*)m$/.exec(code);
  if (!m) return open;
  const p = m[1]!;
  if (p === '' || p === '0') return [];
  const closer = CLOSERS[p];
  if (closer) return open.filter((o) => !closer.test(o.slice(2, -1)));
  return [...open, code];
}

/** Wraps one line (no `\n`) to `cols` columns: at spaces, and inside words longer than a line. */
export function wrapLine(line: string, cols: number): string[] {
  const us = units(line);
  const lines: string[] = [];
  let open: string[] = [];
  let cur = '';
  let curW = 0;
  const newline = () => {
    lines.push(open.length > 0 ? `${cur}\x1b[0m` : cur);
    cur = open.join('');
    curW = 0;
  };
  const put = (u: Unit) => {
    if (u.kind === 'ansi') open = track(open, u.s);
    cur += u.s;
    curW += u.w;
  };
  let i = 0;
  while (i < us.length) {
    // Spaces before the next word; kept only when the word goes on this line.
    let j = i;
    let spaceW = 0;
    while (j < us.length && us[j]!.kind !== 'char') spaceW += us[j++]!.w;
    let k = j;
    let wordW = 0;
    while (k < us.length && us[k]!.kind !== 'space') wordW += us[k++]!.w;
    if (curW + spaceW + wordW <= cols) {
      for (let x = i; x < k; x++) put(us[x]!);
    } else {
      // The spaces are dropped at the break; their styles still apply. A word that does not fit
      // starts the next line, however long: never glued to the word before it.
      for (let x = i; x < j; x++) if (us[x]!.kind === 'ansi') put(us[x]!);
      if (curW > 0 && k > j) newline();
      for (let x = j; x < k; x++) {
        const u = us[x]!;
        const c = u.s.charCodeAt(0);
        if (u.kind !== 'char' || c < 0x21 || c > 0x7e) {
          if (u.kind === 'char' && curW + u.w > cols && curW > 0) newline();
          put(u);
          continue;
        }
        // A run of ASCII: as much as fits on each line, character by character.
        for (let from = 0; from < u.s.length; ) {
          if (curW >= cols && curW > 0) newline();
          const n = Math.max(1, Math.min(u.s.length - from, cols - curW));
          put({ s: u.s.slice(from, from + n), w: n, kind: 'char' });
          from += n;
        }
      }
    }
    i = k;
  }
  lines.push(cur);
  return lines;
}

/**
 * wrapLine for a line of printable ASCII only (no escapes, one column per character), the bulk of
 * a long answer's prose: the same breaks, found by scanning the string instead of building units.
 */
export function wrapAsciiLine(line: string, cols: number): string[] {
  const lines: string[] = [];
  const n = line.length;
  let cur = '';
  let i = 0;
  while (i < n) {
    let j = i;
    while (j < n && line.charCodeAt(j) === 0x20) j++;
    let k = j;
    while (k < n && line.charCodeAt(k) !== 0x20) k++;
    if (cur.length + (k - i) <= cols) {
      cur += line.slice(i, k);
    } else {
      if (cur.length > 0 && k > j) {
        lines.push(cur);
        cur = '';
      }
      for (let from = j; from < k; ) {
        if (cur.length >= cols) {
          lines.push(cur);
          cur = '';
        }
        const take = Math.min(k - from, cols - cur.length);
        cur += line.slice(from, from + take);
        from += take;
      }
    }
    i = k;
  }
  lines.push(cur);
  return lines;
}
