// The input box's text and cursor as a value, and the edits on it as pure functions. The cursor is
// a UTF-16 index that always sits on a grapheme boundary, so emoji and CJK move as one character.
import { graphemes } from '../text/graphemes.js';

export interface Paste {
  placeholder: string;
  text: string;
}

export interface EditorState {
  text: string;
  cursor: number;
  /** long pastes, shown as their placeholder and expanded when the text is sent */
  pastes: Paste[];
}

export const emptyEditor: EditorState = { text: '', cursor: 0, pastes: [] };

export function editorWith(text: string, pastes: Paste[] = []): EditorState {
  return { text, cursor: text.length, pastes };
}

/** Pastes of more lines than this are shown as `[pasted N lines]`. */
export const PASTE_FOLD_LINES = 10;
const PASTE_FOLD_CHARS = 2000;

function boundaries(text: string): number[] {
  const out = graphemes(text).map((g) => g.index);
  out.push(text.length);
  return out;
}

export function prevBoundary(text: string, i: number): number {
  let prev = 0;
  for (const b of boundaries(text.slice(0, i))) if (b < i) prev = b;
  return prev;
}

export function nextBoundary(text: string, i: number): number {
  if (i >= text.length) return text.length;
  const first = graphemes(text.slice(i))[0];
  return i + (first ? first.segment.length : 1);
}

function lineStart(text: string, i: number): number {
  return text.lastIndexOf('\n', i - 1) + 1;
}

function lineEnd(text: string, i: number): number {
  const nl = text.indexOf('\n', i);
  return nl < 0 ? text.length : nl;
}

function replace(st: EditorState, from: number, to: number, insert: string): EditorState {
  return { ...st, text: st.text.slice(0, from) + insert + st.text.slice(to), cursor: from + insert.length };
}

export function insert(st: EditorState, text: string): EditorState {
  return replace(st, st.cursor, st.cursor, text);
}

export function insertPaste(st: EditorState, raw: string): EditorState {
  const text = raw.replace(/\r\n?/g, '\n');
  const lines = text.split('\n').length;
  if (lines <= PASTE_FOLD_LINES && text.length <= PASTE_FOLD_CHARS) return insert(st, text);
  const base = lines > 1 ? `[pasted ${lines} lines` : `[pasted ${text.length} characters`;
  let placeholder = `${base}]`;
  for (let n = 2; st.pastes.some((p) => p.placeholder === placeholder); n++) placeholder = `${base} #${n}]`;
  const next = insert(st, placeholder);
  return { ...next, pastes: [...st.pastes, { placeholder, text }] };
}

/** The text to send: placeholders replaced by what was pasted. */
export function expandPastes(st: EditorState): string {
  let out = st.text;
  for (const p of st.pastes) out = out.split(p.placeholder).join(p.text);
  return out;
}

export function backspace(st: EditorState): EditorState {
  if (st.cursor === 0) return st;
  // A placeholder right before the cursor goes as a whole.
  const paste = st.pastes.find((p) => st.text.slice(0, st.cursor).endsWith(p.placeholder));
  if (paste) {
    const next = replace(st, st.cursor - paste.placeholder.length, st.cursor, '');
    return { ...next, pastes: st.pastes.filter((p) => p !== paste) };
  }
  return replace(st, prevBoundary(st.text, st.cursor), st.cursor, '');
}

export function deleteForward(st: EditorState): EditorState {
  if (st.cursor >= st.text.length) return st;
  return { ...replace(st, st.cursor, nextBoundary(st.text, st.cursor), ''), cursor: st.cursor };
}

export function left(st: EditorState): EditorState {
  return { ...st, cursor: prevBoundary(st.text, st.cursor) };
}

export function right(st: EditorState): EditorState {
  return { ...st, cursor: nextBoundary(st.text, st.cursor) };
}

const isWordChar = (ch: string) => /[\p{L}\p{N}_]/u.test(ch);

function wordLeftIndex(text: string, i: number): number {
  let j = i;
  while (j > 0 && !isWordChar(text[j - 1]!)) j--;
  while (j > 0 && isWordChar(text[j - 1]!)) j--;
  return j;
}

function wordRightIndex(text: string, i: number): number {
  let j = i;
  while (j < text.length && !isWordChar(text[j]!)) j++;
  while (j < text.length && isWordChar(text[j]!)) j++;
  return j;
}

export function wordLeft(st: EditorState): EditorState {
  return { ...st, cursor: wordLeftIndex(st.text, st.cursor) };
}

export function wordRight(st: EditorState): EditorState {
  return { ...st, cursor: wordRightIndex(st.text, st.cursor) };
}

export function home(st: EditorState): EditorState {
  return { ...st, cursor: lineStart(st.text, st.cursor) };
}

export function end(st: EditorState): EditorState {
  return { ...st, cursor: lineEnd(st.text, st.cursor) };
}

/** Ctrl+W: the word before the cursor (and the spaces after it). */
export function deleteWordBack(st: EditorState): EditorState {
  return replace(st, wordLeftIndex(st.text, st.cursor), st.cursor, '');
}

/** Alt+D: the word after the cursor. */
export function deleteWordForward(st: EditorState): EditorState {
  return { ...replace(st, st.cursor, wordRightIndex(st.text, st.cursor), ''), cursor: st.cursor };
}

/** Ctrl+U: to the start of the line (or the line break before it, when already there). */
export function deleteToLineStart(st: EditorState): EditorState {
  const from = lineStart(st.text, st.cursor);
  return replace(st, from === st.cursor ? Math.max(0, from - 1) : from, st.cursor, '');
}

/** Ctrl+K: to the end of the line (or the line break, when already there). */
export function deleteToLineEnd(st: EditorState): EditorState {
  const to = lineEnd(st.text, st.cursor);
  return { ...replace(st, st.cursor, to === st.cursor ? Math.min(st.text.length, to + 1) : to, ''), cursor: st.cursor };
}

function column(text: string, i: number): number {
  return graphemes(text.slice(lineStart(text, i), i)).length;
}

function atColumn(text: string, start: number, col: number): number {
  const line = text.slice(start, lineEnd(text, start));
  const gs = graphemes(line);
  return start + (col >= gs.length ? line.length : gs[col]!.index);
}

/** Up one line, keeping the column; null on the first line (the caller walks the history). */
export function up(st: EditorState): EditorState | null {
  const start = lineStart(st.text, st.cursor);
  if (start === 0) return null;
  const prevStart = lineStart(st.text, start - 1);
  return { ...st, cursor: atColumn(st.text, prevStart, column(st.text, st.cursor)) };
}

/** Down one line, keeping the column; null on the last line. */
export function down(st: EditorState): EditorState | null {
  const end = lineEnd(st.text, st.cursor);
  if (end >= st.text.length) return null;
  return { ...st, cursor: atColumn(st.text, end + 1, column(st.text, st.cursor)) };
}

export function isEmpty(st: EditorState): boolean {
  return st.text.trim() === '';
}
