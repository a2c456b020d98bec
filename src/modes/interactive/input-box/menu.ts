// The menu under the input: completions (commands, paths) or the model picker.
import type { Command } from '../input/keymap.js';
import { s, sym } from '../text/style.js';
import { visible } from '../../../text/terminal-text.js';
import { truncate, width } from '../text/text.js';

export interface MenuItem {
  label: string;
  description?: string;
}

/** Something that takes every key while open and draws itself in the menu's place (the rewind chooser). */
export interface Panel {
  handle(cmd: Command): void;
  /** `rows`: the terminal's height, for a panel that scrolls what does not fit */
  render(cols: number, rows: number): string[];
}

export interface MenuState {
  kind: 'command' | 'path' | 'model' | 'panel';
  items: MenuItem[];
  selected: number;
  /** shown when there are no items (e.g. "indexing files…") */
  empty?: string;
  title?: string;
  /** kind 'panel': the panel */
  panel?: Panel;
}

export const MENU_ROWS = 8;

export function moveSelection(m: MenuState, delta: number): MenuState {
  if (m.items.length === 0) return m;
  return { ...m, selected: (m.selected + delta + m.items.length) % m.items.length };
}

export function renderMenu(m: MenuState | null, cols: number, rows = 24): string[] {
  if (!m) return [];
  if (m.panel) return m.panel.render(cols, rows);
  const out: string[] = [];
  if (m.title) out.push(s.gray(truncate(m.title, cols)));
  if (m.items.length === 0) return m.empty ? [...out, s.gray(`  ${m.empty}`)] : out;
  const start = Math.min(Math.max(0, m.selected - Math.floor(MENU_ROWS / 2)), Math.max(0, m.items.length - MENU_ROWS));
  // file names from the workspace, model ids from the server: their bytes shown, never obeyed
  const shown = m.items.slice(start, start + MENU_ROWS).map((i) => ({ label: visible(i.label), description: i.description && visible(i.description) }));
  const labelWidth = Math.min(40, Math.max(...shown.map((i) => width(i.label))));
  shown.forEach((item, k) => {
    const selected = start + k === m.selected;
    const pointer = selected ? sym('›', '>') : ' ';
    const label = item.label + ' '.repeat(Math.max(0, labelWidth - width(item.label)));
    const line = truncate(`${pointer} ${label}${item.description ? `  ${item.description}` : ''}`, cols);
    out.push(selected ? s.cyan(s.bold(line)) : s.gray(line));
  });
  if (m.items.length > MENU_ROWS) out.push(s.gray(`  ${m.selected + 1}/${m.items.length}`));
  return out;
}
