// The part of a question's change or command that fits: a window of its lines, opened on the
// changed lines, paged with PgUp/PgDn (Space), and one line that says what is hidden and which key
// shows it, so nothing is approved unseen without the screen saying so.
import { plural } from '../../../../tools/format.js';
import { s } from '../text/style.js';

export interface DetailWindow {
  lines: string[];
  /** lines cut above and below the window */
  above: number;
  below: number;
  /** `page` kept within the lines: the window no key can move further that way */
  page: number;
}

/**
 * Where a window of `visible` lines opens: on the run of changed lines at `focus`, with context
 * shared around it. A replacement too long for the window opens where its removed lines meet its
 * added ones (`focus.added`), so the window shows both and never reads as a deletion.
 */
export function openingLine(focus: { at: number; length: number; added?: number } | undefined, visible: number): number {
  if (!focus) return 0;
  if (focus.length > visible && focus.added !== undefined) return Math.max(focus.at, focus.added - Math.ceil(visible / 2));
  const lead = Math.max(0, Math.floor((visible - focus.length) / 2));
  return Math.max(0, focus.at - lead);
}

/** What the marker line says: how many lines are hidden, where, and the key that shows them. */
export function hiddenMarker(above: number, below: number): string {
  if (above > 0 && below > 0) return `… ${plural(above + below, 'more line')} (${above} above, ${below} below): PgUp/PgDn`;
  if (below > 0) return `… ${plural(below, 'more line')}: PgDn/Space to read them`;
  return `↑ ${plural(above, 'more line')} above: PgUp`;
}

/**
 * At most `room` of `lines`: all when they fit, otherwise a window opened at `start`, moved `page`
 * windows down (negative: up) and kept inside the lines, then the marker line.
 */
export function detailWindow(lines: string[], room: number, start: number, page: number, indent = ''): DetailWindow {
  if (lines.length <= room) return { lines, above: 0, below: 0, page: 0 };
  const visible = Math.max(1, room - 1);
  const last = lines.length - visible;
  const opening = Math.min(last, start);
  const pages = { up: Math.ceil(opening / visible), down: Math.ceil((last - opening) / visible) };
  const kept = Math.max(-pages.up, Math.min(pages.down, page));
  const first = Math.min(last, Math.max(0, opening + kept * visible));
  const below = lines.length - first - visible;
  return { lines: [...lines.slice(first, first + visible), s.gray(indent + hiddenMarker(first, below))], above: first, below, page: kept };
}
