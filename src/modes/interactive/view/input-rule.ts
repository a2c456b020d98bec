// The lines above and below the input: gray, or in plan mode magenta and labelled, so the mode is
// seen where the user types (a label too, for terminals without colour).
import type { VimMode } from '../editor/vim.js';
import { s, sym } from '../text/style.js';

export function inputRule(mode: string | undefined, cols: number, top: boolean, vim?: VimMode): string {
  const line = sym('─', '-');
  // vim's mode, under the input where vim shows it
  const vimLabel = vim ? ` -- ${vim.toUpperCase()} -- ` : '';
  const plan = mode === 'plan';
  const label = plan ? (top ? ' plan mode: read-only until you approve a plan ' : ' Shift+Tab: next mode ') : '';
  const paint = plan ? s.magenta : s.gray;
  const lead = vimLabel ? line.repeat(2) + vimLabel : '';
  if (!label || cols < lead.length + label.length + 4) {
    if (!lead || cols < lead.length + 2) return paint(line.repeat(cols));
    return paint(`${lead}${line.repeat(cols - lead.length)}`);
  }
  return paint(`${lead}${line.repeat(2)}${label}${line.repeat(cols - lead.length - 2 - label.length)}`);
}
