// A unified diff as coloured lines with line numbers: `  12 + added`, `  11 - removed`.
import { s, sym } from '../style.js';
import { visible } from '../../../session/permissions/visible.js';
import { sanitize, truncate } from '../text.js';

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

/** At most `max` lines of the diff (then "… N more lines"), each cut to the width. */
export function renderDiff(diff: string, cols: number, max: number): string[] {
  const lines = parseUnifiedDiff(diff);
  const numWidth = Math.max(3, ...lines.map((l) => String(l.number ?? '').length));
  const shown = lines.length > max ? lines.slice(0, Math.max(1, max - 1)) : lines;
  const out = shown.map((l) => {
    if (l.kind === 'gap') return s.gray(`${' '.repeat(numWidth)}   ${sym('⋮', '...')}`);
    const body = truncate(`${String(l.number).padStart(numWidth)} ${l.kind} ${sanitize(visible(l.text.replace(/\r$/, '')))}`, cols);
    return l.kind === '+' ? s.green(body) : l.kind === '-' ? s.red(body) : s.dim(body);
  });
  if (lines.length > shown.length) out.push(s.gray(`… ${lines.length - shown.length} more lines`));
  return out;
}
