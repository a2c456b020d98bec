// Word wrapping for styled text, fast on the common case (ASCII) and exact on the rest (wide and
// combined characters): a line of a long answer is wrapped once, but there are many of them.
import stringWidth from 'string-width';

interface Unit {
  s: string;
  /** display columns; 0 for escape sequences */
  w: number;
  kind: 'char' | 'space' | 'ansi';
}

// eslint-disable-next-line no-control-regex
const TOKEN = /\x1b\[[0-9;]*m|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)| |[\x21-\x7e]+|[^\x1b \x21-\x7e]+|\x1b/g;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const widths = new Map<string, number>();

function graphemeWidth(g: string): number {
  let w = widths.get(g);
  if (w === undefined) {
    w = stringWidth(g);
    if (widths.size < 10_000) widths.set(g, w);
  }
  return w;
}

function units(line: string): Unit[] {
  const out: Unit[] = [];
  for (const m of line.matchAll(TOKEN)) {
    const t = m[0];
    const c = t.charCodeAt(0);
    if (c === 0x1b) out.push({ s: t, w: 0, kind: 'ansi' });
    else if (t === ' ') out.push({ s: t, w: 1, kind: 'space' });
    else if (c >= 0x21 && c <= 0x7e) for (let i = 0; i < t.length; i++) out.push({ s: t[i]!, w: 1, kind: 'char' });
    else for (const g of segmenter.segment(t)) out.push({ s: g.segment, w: graphemeWidth(g.segment), kind: 'char' });
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
      // The spaces are dropped at the break; their styles still apply.
      for (let x = i; x < j; x++) if (us[x]!.kind === 'ansi') put(us[x]!);
      if (curW > 0 && wordW <= cols) newline();
      for (let x = j; x < k; x++) {
        const u = us[x]!;
        if (u.kind === 'char' && curW + u.w > cols && curW > 0) newline();
        put(u);
      }
    }
    i = k;
  }
  lines.push(cur);
  return lines;
}
