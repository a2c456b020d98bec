// The lines above and below the input: gray, or in plan mode magenta and labelled, so the mode is
// seen where the user types (a label too, for terminals without colour).
import { s, sym } from '../text/style.js';

export function inputRule(mode: string | undefined, cols: number, top: boolean): string {
  const line = sym('─', '-');
  if (mode !== 'plan') return s.gray(line.repeat(cols));
  const label = top ? ' plan mode: read-only until you approve a plan ' : ' Shift+Tab: next mode ';
  if (cols < label.length + 4) return s.magenta(line.repeat(cols));
  return s.magenta(`${line.repeat(2)}${label}${line.repeat(cols - 2 - label.length)}`);
}
