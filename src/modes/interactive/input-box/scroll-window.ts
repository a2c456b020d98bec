// Lines longer than a panel's room, shown a window at a time: Up/Down a line, PgUp/PgDn a window. Pure.
import type { Command } from '../input/keymap.js';
import { s, sym } from '../text/style.js';

/** The panel's room for its scrolled lines: what the input, status and footer leave of the terminal. */
export function panelRoom(rows: number): number {
  return Math.max(4, rows - 12);
}

/** The first line shown after `cmd`, or undefined when `cmd` is not a scrolling key. */
export function scrolled(top: number, cmd: Command, total: number, room: number): number | undefined {
  const by = cmd.type === 'up' ? -1 : cmd.type === 'down' ? 1 : cmd.type === 'pageUp' ? -room : cmd.type === 'pageDown' ? room : 0;
  if (by === 0) return undefined;
  return Math.max(0, Math.min(top + by, total - room));
}

/** The window from `top`, and a line saying where it is when not everything fits. */
export function scrollWindow(lines: readonly string[], top: number, room: number): string[] {
  if (lines.length <= room) return [...lines];
  const start = Math.max(0, Math.min(top, lines.length - room));
  const shown = lines.slice(start, start + room);
  return [...shown, s.gray(`  ${start + 1}–${start + shown.length} of ${lines.length} · ${sym('↑↓', 'Up/Down')} PgUp/PgDn`)];
}
