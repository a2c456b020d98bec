// Vim keys in the input box ("editorMode": "vim", /vim): insert and normal modes, motions, operators
// with counts, undo and `.`, as pure steps on the editor's state. Keys that are not vim's own
// (Enter, Ctrl keys, Esc in normal mode) pass through to the app's usual handling.
import type { Command } from '../input/keymap.js';
import { nextBoundary, type EditorState } from './editor.js';
import { firstNonBlank, lastChar, type Landing, lineEnd, lineStart, motion, wordObject } from './vim-motions.js';

export type VimMode = 'insert' | 'normal';

interface Register {
  text: string;
  /** taken by `dd`/`yy`: put as whole lines */
  linewise: boolean;
}

/** A change, for `.`: the normal-mode keys that made it and what was typed in the insert it opened. */
interface Change {
  keys: string;
  typed: Command[];
}

export interface VimState {
  mode: VimMode;
  /** keys of a normal-mode command not complete yet (`2d`, `ci`, `g`) */
  pending: string;
  register: Register;
  undo: EditorState[];
  lastChange: Change | null;
  /** the change whose insert is open now */
  recording: Change | null;
}

export const vimStart: VimState = { mode: 'insert', pending: '', register: { text: '', linewise: false }, undo: [], lastChange: null, recording: null };

/** How the box applies a typed command (insert mode's keys, replayed by `.`). */
export type ApplyTyped = (st: EditorState, cmd: Command) => EditorState | null;

export interface VimStep {
  vim: VimState;
  editor: EditorState;
  /** a command for the app's usual handling (Up/Down at the first or last line walk the history) */
  pass?: Command;
}

const UNDO_DEPTH = 100;

/** Normal mode's cursor sits on a character, never after the line's last one. */
function clamp(st: EditorState): EditorState {
  return { ...st, cursor: Math.min(st.cursor, lastChar(st.text, st.cursor)) };
}

function withUndo(vim: VimState, st: EditorState): VimState {
  return { ...vim, undo: [...vim.undo.slice(-(UNDO_DEPTH - 1)), st] };
}

function splice(st: EditorState, from: number, to: number, insert = ''): EditorState {
  return { ...st, text: st.text.slice(0, from) + insert + st.text.slice(to), cursor: from + insert.length };
}

/** Esc in insert mode: to normal mode, the cursor one back as vim does, the change closed for `.`. */
export function toNormal(vim: VimState, st: EditorState): VimStep {
  const back = st.cursor > lineStart(st.text, st.cursor) ? { ...st, cursor: st.cursor - 1 } : st;
  return { vim: { ...vim, mode: 'normal', pending: '', lastChange: vim.recording ?? vim.lastChange, recording: null }, editor: clamp(back) };
}

/**
 * Whether vim takes a key: Esc in insert mode (unless a menu is open, or tack works and the input
 * is empty: then Esc interrupts, one key away), and typed text in normal mode. No keys while a
 * panel stands in the menu's place.
 */
export function vimTakes(vim: VimState | null, cmd: Command, box: { panel: boolean; menu: boolean; busy: boolean; empty: boolean }): boolean {
  if (!vim || box.panel) return false;
  if (vim.mode === 'insert') return cmd.type === 'escape' && !box.menu && !(box.busy && box.empty);
  return cmd.type === 'insert';
}

/** A key typed in insert mode, kept for `.` when it belongs to a change. */
export function recordTyped(vim: VimState, cmd: Command): VimState {
  if (!vim.recording || !['insert', 'newline', 'edit', 'paste'].includes(cmd.type)) return vim;
  return { ...vim, recording: { ...vim.recording, typed: [...vim.recording.typed, cmd] } };
}

/** The span an operator takes from the cursor to a landing: [from, to) in the text. */
function span(text: string, cursor: number, land: Landing): [number, number] {
  const a = Math.min(cursor, land.to);
  const b = Math.max(cursor, land.to);
  if (!land.linewise) return [a, land.inclusive ? nextBoundary(text, b) : b];
  const from = lineStart(text, a);
  const end = lineEnd(text, b);
  if (end < text.length) return [from, end + 1];
  return [Math.max(0, from - 1), end];
}

type Parsed = { count: number; op: string; rest: string };

const COMMAND = /^([1-9]\d*)?([dcy])?([1-9]\d*)?([\s\S]*)$/;

function parse(keys: string): Parsed {
  const m = COMMAND.exec(keys)!;
  const count = (m[1] ? Number(m[1]) : 1) * (m[3] ? Number(m[3]) : 1);
  return { count, op: m[2] ?? '', rest: m[4] ?? '' };
}

/** Keys that need one more: `g`, an operator, a text object's `i`/`a`, `r`. */
function incomplete(p: Parsed): boolean {
  if (p.rest === '') return true;
  if (p.rest === 'g') return true;
  if (p.op && (p.rest === 'i' || p.rest === 'a')) return true;
  return !p.op && p.rest === 'r';
}

interface Done {
  vim: VimState;
  editor: EditorState;
  pass?: Command;
  /** the command changed the text (kept for `.`) */
  changed?: boolean;
}

function operate(vim: VimState, st: EditorState, op: string, from: number, to: number, linewise: boolean): Done {
  const taken = st.text.slice(from, to);
  const register = { text: linewise && !taken.endsWith('\n') ? `${taken.replace(/^\n/, '')}\n` : taken, linewise };
  if (op === 'y') return { vim: { ...vim, register }, editor: clamp({ ...st, cursor: Math.min(st.cursor, from) }) };
  const saved = withUndo({ ...vim, register }, st);
  if (op === 'd') {
    const cut = splice(st, from, to);
    return { vim: saved, editor: clamp(linewise ? { ...cut, cursor: firstNonBlank(cut.text, Math.min(from, cut.text.length)) } : cut), changed: true };
  }
  // c: a linewise change keeps one empty line to type in
  const keep = linewise ? (to >= st.text.length && from > 0 ? '\n' : to < st.text.length ? '\n' : '') : '';
  const cut = splice(st, from, to, keep);
  const at = linewise && keep ? (from > 0 && to >= st.text.length ? from + 1 : from) : from;
  return { vim: { ...saved, mode: 'insert' }, editor: { ...cut, cursor: at }, changed: true };
}

function put(vim: VimState, st: EditorState, before: boolean, count: number): Done {
  const r = vim.register;
  if (!r.text) return { vim, editor: st };
  const saved = withUndo(vim, st);
  const text = r.text.repeat(count);
  if (r.linewise) {
    const at = before ? lineStart(st.text, st.cursor) : lineEnd(st.text, st.cursor);
    const pasted = before ? text : `\n${text.replace(/\n$/, '')}`;
    const next = splice(st, at, at, pasted);
    return { vim: saved, editor: clamp({ ...next, cursor: firstNonBlank(next.text, before ? at : at + 1) }), changed: true };
  }
  const at = before || st.cursor >= lineEnd(st.text, st.cursor) ? st.cursor : nextBoundary(st.text, st.cursor);
  const next = splice(st, at, at, text);
  return { vim: saved, editor: clamp({ ...next, cursor: at + text.length - 1 }), changed: true };
}

function enterInsert(vim: VimState, st: EditorState, key: string): Done {
  const t = st.text;
  const saved = withUndo({ ...vim, mode: 'insert' }, st);
  switch (key) {
    case 'a':
      return { vim: saved, editor: { ...st, cursor: st.cursor < lineEnd(t, st.cursor) ? nextBoundary(t, st.cursor) : st.cursor }, changed: true };
    case 'A':
      return { vim: saved, editor: { ...st, cursor: lineEnd(t, st.cursor) }, changed: true };
    case 'I':
      return { vim: saved, editor: { ...st, cursor: firstNonBlank(t, st.cursor) }, changed: true };
    case 'o': {
      const at = lineEnd(t, st.cursor);
      return { vim: saved, editor: splice(st, at, at, '\n'), changed: true };
    }
    case 'O': {
      const at = lineStart(t, st.cursor);
      return { vim: saved, editor: { ...splice(st, at, at, '\n'), cursor: at }, changed: true };
    }
    default:
      return { vim: saved, editor: st, changed: true };
  }
}

/** One complete normal-mode command; null when the keys mean nothing (vim beeps: they are dropped). */
function run(vim: VimState, st: EditorState, p: Parsed, apply: ApplyTyped): Done | null {
  const { count, op, rest } = p;
  const t = st.text;
  if (op) {
    if (rest === op) {
      let to = st.cursor;
      for (let k = 1; k < count && lineEnd(t, to) < t.length; k++) to = lineEnd(t, to) + 1;
      const [from, end] = span(t, st.cursor, { to, linewise: true });
      return operate(vim, st, op, from, end, true);
    }
    if (rest === 'iw' || rest === 'aw') {
      const [from, to] = wordObject(t, st.cursor, rest === 'aw');
      return operate(vim, st, op, from, to, false);
    }
    // `cw` on a word changes to its end, as `ce` does (its last letter included)
    if (op === 'c' && rest === 'w' && /\S/.test(t[st.cursor] ?? '')) {
      let to = wordObject(t, st.cursor, false)[1];
      if (count > 1) to = nextBoundary(t, motion(t, to - 1, 'e', count - 1)!.to);
      return operate(vim, st, op, st.cursor, to, false);
    }
    const land = motion(t, st.cursor, rest, count);
    if (!land) return null;
    let [from, to] = span(t, st.cursor, land);
    // `dw` on a line's last word stops at the line's end rather than joining the next line
    if (rest === 'w') to = Math.min(to, Math.max(lineEnd(t, st.cursor), from));
    return operate(vim, st, op, from, to, land.linewise === true);
  }
  switch (rest) {
    case 'x': {
      if (st.cursor >= lineEnd(t, st.cursor)) return { vim, editor: st };
      let to = st.cursor;
      for (let k = 0; k < count && to < lineEnd(t, st.cursor); k++) to = nextBoundary(t, to);
      return operate(vim, st, 'd', st.cursor, to, false);
    }
    case 'D':
      return run(vim, st, { count, op: 'd', rest: '$' }, apply);
    case 'C':
      return run(vim, st, { count, op: 'c', rest: '$' }, apply);
    case 's':
      return run(vim, st, { count, op: 'c', rest: 'l' }, apply);
    case 'S':
      return run(vim, st, { count, op: 'c', rest: 'c' }, apply);
    case 'p':
    case 'P':
      return put(vim, st, rest === 'P', count);
    case 'u': {
      const prev = vim.undo[vim.undo.length - 1];
      return prev
        ? { vim: { ...vim, undo: vim.undo.slice(0, -1) }, editor: clamp({ ...prev, cursor: Math.min(prev.cursor, prev.text.length) }) }
        : { vim, editor: st };
    }
    case '.':
      return vim.lastChange ? replay(vim, st, vim.lastChange, apply) : { vim, editor: st };
    case 'i':
    case 'a':
    case 'A':
    case 'I':
    case 'o':
    case 'O':
      return enterInsert(vim, st, rest);
  }
  if (rest.length === 2 && rest[0] === 'r') {
    if (st.cursor >= lineEnd(t, st.cursor)) return { vim, editor: st };
    const next = splice(st, st.cursor, nextBoundary(t, st.cursor), rest[1]!);
    return { vim: withUndo(vim, st), editor: { ...next, cursor: st.cursor }, changed: true };
  }
  const land = motion(t, st.cursor, rest, count);
  if (land) return { vim, editor: clamp({ ...st, cursor: land.to }) };
  if ((rest === 'j' || rest === 'k') && count === 1) return { vim, editor: st, pass: { type: rest === 'j' ? 'down' : 'up' } };
  return null;
}

/** `.`: the last change's keys again, then what was typed in its insert. */
function replay(vim: VimState, st: EditorState, change: Change, apply: ApplyTyped): Done {
  let step = normalKeys({ ...vim, recording: null }, st, change.keys, apply);
  let editor = step.editor;
  if (step.vim.mode === 'insert') {
    for (const cmd of change.typed) editor = apply(editor, cmd) ?? editor;
    step = toNormal({ ...step.vim, recording: null }, editor);
    editor = step.editor;
  }
  return { vim: { ...step.vim, lastChange: change, recording: null }, editor };
}

/** Text typed in normal mode, key by key; keys after one that opens insert mode are typed as text. */
export function normalKeys(vim: VimState, st: EditorState, text: string, apply: ApplyTyped): VimStep {
  let v = vim;
  let editor = st;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (v.mode === 'insert') {
      const cmd: Command = { type: 'insert', text: text.slice(i) };
      return { vim: recordTyped(v, cmd), editor: apply(editor, cmd) ?? editor };
    }
    const keys = v.pending + ch;
    const parsed = parse(keys);
    if (incomplete(parsed)) {
      v = { ...v, pending: keys };
      continue;
    }
    const done = run({ ...v, pending: '' }, editor, parsed, apply);
    if (!done) {
      v = { ...v, pending: '' };
      continue;
    }
    v = done.vim;
    editor = done.editor;
    if (done.changed && keys !== '.' && keys !== 'u') {
      const change = { keys, typed: [] };
      v = v.mode === 'insert' ? { ...v, recording: change } : { ...v, lastChange: change };
    }
    if (done.pass) return { vim: v, editor, pass: done.pass };
  }
  return { vim: v, editor };
}
