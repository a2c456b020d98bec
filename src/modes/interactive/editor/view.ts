// Draws the input box: the text wrapped by display width (wide characters never split), a block
// cursor, a prompt mark, and a window around the cursor when the text is taller than allowed.
import { s } from '../text/style.js';
import { graphemes } from '../text/graphemes.js';
import { width as textWidth } from '../text/text.js';
import type { EditorState } from './editor.js';

export interface EditorView {
  lines: string[];
  /** index in `lines` of the row holding the cursor */
  cursorRow: number;
}

interface Cell {
  text: string;
  w: number;
  /** UTF-16 index of this grapheme in the editor text */
  index: number;
}

/** Rows of cells for one logical line, wrapped at `cols` columns. */
function wrapCells(line: string, offset: number, cols: number): Cell[][] {
  const rows: Cell[][] = [[]];
  let used = 0;
  for (const g of graphemes(line)) {
    const w = Math.max(1, textWidth(g.segment));
    if (used + w > cols && rows[rows.length - 1]!.length > 0) {
      rows.push([]);
      used = 0;
    }
    rows[rows.length - 1]!.push({ text: g.segment, w, index: offset + g.index });
    used += w;
  }
  return rows;
}

export function renderEditor(st: EditorState, o: { width: number; maxLines: number; prompt: string; hint?: string; showCursor?: boolean }): EditorView {
  const promptWidth = textWidth(o.prompt);
  const cols = Math.max(4, o.width - promptWidth - 1); // one column kept free for the cursor at a line's end
  const cursorMark = (ch: string) => (o.showCursor === false ? ch : s.inverse(ch));
  const out: string[] = [];
  let cursorRow = 0;
  if (st.text === '' && o.hint) {
    out.push(o.prompt + cursorMark(' ') + s.dim(o.hint));
  } else {
    let offset = 0;
    for (const line of st.text.split('\n')) {
      const rows = wrapCells(line, offset, cols);
      rows.forEach((cells, r) => {
        const isLastRow = r === rows.length - 1;
        const rowEnd = isLastRow ? offset + line.length : cells[cells.length - 1]!.index + cells[cells.length - 1]!.text.length;
        let text = '';
        let hasCursor = false;
        for (const c of cells) {
          if (c.index === st.cursor) {
            text += cursorMark(c.text);
            hasCursor = true;
          } else text += c.text;
        }
        if (!hasCursor && isLastRow && st.cursor === rowEnd) {
          text += cursorMark(' ');
          hasCursor = true;
        }
        if (hasCursor) cursorRow = out.length;
        out.push((out.length === 0 ? o.prompt : ' '.repeat(promptWidth)) + text);
      });
      offset += line.length + 1;
    }
  }
  if (out.length <= o.maxLines) return { lines: out, cursorRow };
  // Keep the cursor visible: a window of maxLines rows around it.
  const max = Math.max(1, o.maxLines);
  const start = Math.min(Math.max(0, cursorRow - Math.floor(max / 2)), out.length - max);
  return { lines: out.slice(start, start + max), cursorRow: cursorRow - start };
}
