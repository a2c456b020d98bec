// What /session shows: labels in one column, values beside them, a long path broken at its slashes
// rather than inside a name. Pure.
import { s } from '../text/style.js';
import { width, wrapWithPrefix } from '../text/text.js';

export interface SessionInfoRow {
  label: string;
  value: string;
  /** a file path: broken after a `/` when it does not fit */
  path?: boolean;
}

/** The path in lines of at most `cols` columns, each ending after a `/` where it can. */
function pathLines(path: string, cols: number): string[] {
  const parts = path.split(/(?<=\/)/);
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    if (line !== '' && width(line) + width(part) > cols) {
      lines.push(line);
      line = '';
    }
    line += part;
    while (width(line) > cols) {
      lines.push(line.slice(0, cols));
      line = line.slice(cols);
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

export function renderSessionInfo(rows: readonly SessionInfoRow[], cols: number): string[] {
  const labelWidth = Math.max(...rows.map((r) => r.label.length)) + 2;
  const indent = ' '.repeat(labelWidth);
  return rows.flatMap(({ label, value, path }) => {
    const first = label === rows[0]!.label ? s.bold(label.padEnd(labelWidth)) : label.padEnd(labelWidth);
    if (!path) return wrapWithPrefix(value, cols, first, indent);
    return pathLines(value, Math.max(8, cols - labelWidth)).map((line, i) => (i === 0 ? first : indent) + line);
  });
}

/** "1 model call", "3 model calls" */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
