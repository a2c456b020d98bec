// GFM tables with box-drawing borders; columns shrink (and cells wrap) to fit the width.
import type { Tokens } from 'marked';
import { s, sym } from '../text/style.js';
import { padEnd, width, wrap } from '../text/text.js';
import { renderInline } from './inline.js';

export function renderTable(table: Tokens.Table, w: number): string[] {
  const header = table.header.map((c) => renderInline(c.tokens, c.text));
  const rows = table.rows.map((row) => row.map((c) => renderInline(c.tokens, c.text)));
  const cols = header.length;
  if (cols === 0) return [];
  const natural = Array.from({ length: cols }, (_, i) => Math.max(1, width(header[i] ?? ''), ...rows.map((r) => width(r[i] ?? ''))));
  // Borders take 3 columns per cell plus one.
  const available = Math.max(cols, w - (3 * cols + 1));
  const widths = fit(natural, available);
  const v = s.gray(sym('│', '|'));
  const line = (l: string, m: string, r: string) => s.gray(sym(l, '+') + widths.map((cw) => sym('─', '-').repeat(cw + 2)).join(sym(m, '+')) + sym(r, '+'));
  const renderRow = (cells: string[], bold: boolean) => {
    const wrapped = widths.map((cw, i) => wrap(cells[i] ?? '', cw));
    const height = Math.max(...wrapped.map((c) => c.length));
    const out: string[] = [];
    for (let y = 0; y < height; y++) {
      const parts = wrapped.map((c, i) => {
        const text = padAligned(c[y] ?? '', widths[i]!, table.align[i] ?? null);
        return ` ${bold ? s.bold(text) : text} `;
      });
      out.push(v + parts.join(v) + v);
    }
    return out;
  };
  return [line('┌', '┬', '┐'), ...renderRow(header, true), line('├', '┼', '┤'), ...rows.flatMap((r) => renderRow(r, false)), line('└', '┴', '┘')];
}

function padAligned(text: string, cols: number, align: 'left' | 'right' | 'center' | null): string {
  const gap = Math.max(0, cols - width(text));
  if (align === 'right') return ' '.repeat(gap) + text;
  if (align === 'center') return ' '.repeat(Math.floor(gap / 2)) + text + ' '.repeat(gap - Math.floor(gap / 2));
  return padEnd(text, cols);
}

/** Shrinks the widest columns first until the sum fits. */
export function fit(natural: number[], available: number): number[] {
  const widths = [...natural];
  let total = widths.reduce((a, b) => a + b, 0);
  while (total > available) {
    const max = Math.max(...widths);
    if (max <= 1) break;
    const i = widths.indexOf(max);
    widths[i] = max - 1;
    total--;
  }
  return widths;
}
