// The setup screen's last step when the server lists several models: which one tack starts with.
// Typing narrows the list (a hosted router lists hundreds); the arrows move, Enter takes one. Pure.
import type { EditorState } from '../editor/editor.js';
import { s, sym } from '../text/style.js';
import { sanitize, truncate } from '../text/text.js';
import { visible } from '../../../text/terminal-text.js';

export interface ModelPick {
  models: readonly string[];
  filter: EditorState;
  /** index into the models the filter leaves */
  selected: number;
}

const INDENT = '  ';

export function shownModels(pick: ModelPick): string[] {
  const words = pick.filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  return pick.models.filter((id) => words.every((w) => id.toLowerCase().includes(w)));
}

/** The model the selection is on, if the filter leaves any. */
export function pickedModel(pick: ModelPick): string | undefined {
  const shown = shownModels(pick);
  return shown[Math.min(pick.selected, shown.length - 1)];
}

export function moveSelection(pick: ModelPick, by: number): ModelPick {
  const count = shownModels(pick).length;
  return { ...pick, selected: count === 0 ? 0 : (Math.min(pick.selected, count - 1) + by + count) % count };
}

/** At most `rows` lines: the filter, a window of the list around the selection, the keys. */
export function renderModelPick(pick: ModelPick, baseUrl: string, cols: number, rows: number): string[] {
  const shown = shownModels(pick);
  const at = Math.min(pick.selected, Math.max(0, shown.length - 1));
  const head = [
    truncate(`${s.yellow(sym('?', '?'))} ${s.bold('Which model?')} ${s.gray(`${baseUrl} lists ${pick.models.length}`)}`, cols),
    truncate(`${s.cyan(s.bold(`${sym('›', '>')} Filter`))} ${pick.filter.text}${s.inverse(' ')}`, cols),
  ];
  const keys = s.gray(truncate(`${INDENT}type to narrow · ${sym('↑↓', 'Up/Down')} · Enter: use it and save · Esc: back`, cols));
  const room = Math.max(1, rows - 1 - head.length - 1);
  const start = Math.max(0, Math.min(at - Math.floor(room / 2), shown.length - room));
  const window = shown.slice(start, start + room).map((id, i) => {
    const line = truncate(`${start + i === at ? sym('›', '>') : ' '} ${sanitize(visible(id))}`, cols);
    return start + i === at ? s.cyan(s.bold(line)) : line;
  });
  const list = shown.length === 0 ? [s.gray(`${INDENT}no model has "${sanitize(visible(pick.filter.text))}" in its name`)] : window;
  return [...head, ...list, keys];
}
