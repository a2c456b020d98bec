import { beforeAll, describe, expect, it } from 'vitest';
import * as ed from '../../src/modes/interactive/editor/editor.js';
import { History } from '../../src/modes/interactive/editor/history.js';
import { renderEditor } from '../../src/modes/interactive/editor/view.js';
import { setColorLevel } from '../../src/modes/interactive/text/style.js';
import { stripAnsi } from '../../src/text/escapes.js';
import { width } from '../../src/modes/interactive/text/text.js';

const at = (text: string, cursor = text.length): ed.EditorState => ({ text, cursor, pastes: [] });

describe('editor state', () => {
  it('inserts at the cursor and deletes whole graphemes (emoji, combining marks)', () => {
    let st = ed.insert(at('ab', 1), 'X');
    expect(st).toMatchObject({ text: 'aXb', cursor: 2 });
    st = at('hi 👍🏽');
    st = ed.backspace(st);
    expect(st.text).toBe('hi ');
    st = ed.left(at('e\u0301x', 3));
    expect(st.cursor).toBe(2);
    expect(ed.left(st).cursor).toBe(0);
  });

  it('moves and deletes by words, and kills to the line start and end', () => {
    expect(ed.wordLeft(at('foo bar.baz')).cursor).toBe(8);
    expect(ed.wordRight(at('foo bar', 0)).cursor).toBe(3);
    expect(ed.deleteWordBack(at('git commit -m')).text).toBe('git commit -');
    expect(ed.deleteToLineStart(at('one\ntwo three', 8))).toMatchObject({ text: 'one\nthree', cursor: 4 });
    expect(ed.deleteToLineEnd(at('one\ntwo three', 7))).toMatchObject({ text: 'one\ntwo', cursor: 7 });
    expect(ed.home(at('one\ntwo', 6)).cursor).toBe(4);
    expect(ed.end(at('one\ntwo', 1)).cursor).toBe(3);
  });

  it('moves up and down between lines keeping the column; null at the edges (history)', () => {
    const st = at('first line\nsecond', 15);
    const up = ed.up(st)!;
    expect(up.cursor).toBe(4);
    expect(ed.up(up)).toBeNull();
    expect(ed.down(up)!.cursor).toBe(15);
    expect(ed.down(st)).toBeNull();
  });

  it('folds a long paste into a placeholder, removes it whole, and expands it when sent', () => {
    const pasted = Array.from({ length: 120 }, (_, i) => `line ${i}`).join('\n');
    let st = ed.insertPaste(at('see: '), pasted);
    expect(st.text).toBe('see: [pasted 120 lines]');
    expect(ed.expandPastes(st)).toBe(`see: ${pasted}`);
    st = ed.insertPaste(st, pasted);
    expect(st.text).toBe('see: [pasted 120 lines][pasted 120 lines #2]');
    st = ed.backspace(st);
    expect(st.text).toBe('see: [pasted 120 lines]');
    expect(st.pastes).toHaveLength(1);
    expect(ed.insertPaste(at(''), 'a\r\nb').text).toBe('a\nb'); // short pastes go in as they are
  });
});

describe('editor view', () => {
  beforeAll(() => setColorLevel('color'));

  it('wraps by display width and keeps the cursor on wide characters', () => {
    const st = at('日本語のテキストです', 2);
    const view = renderEditor(st, { width: 12, maxLines: 10, prompt: '› ' });
    for (const line of view.lines) expect(width(line)).toBeLessThanOrEqual(12);
    expect(view.lines.map(stripAnsi)).toEqual(['› 日本語の', '  テキスト', '  です']);
    expect(view.lines[0]).toContain('\x1b[7m語\x1b[27m');
    expect(view.cursorRow).toBe(0);
  });

  it('shows the cursor after the last character, and a window around it when too tall', () => {
    const view = renderEditor(at('abc'), { width: 20, maxLines: 5, prompt: '> ' });
    expect(view.lines[0]).toBe('> abc\x1b[7m \x1b[27m');
    const tall = renderEditor(at(Array.from({ length: 30 }, (_, i) => `l${i}`).join('\n')), { width: 20, maxLines: 4, prompt: '> ' });
    expect(tall.lines).toHaveLength(4);
    expect(stripAnsi(tall.lines.at(-1)!)).toBe('  l29 ');
  });
});

describe('history', () => {
  it('walks back and forth and returns to the draft', () => {
    const h = new History(['one', 'two']);
    expect(h.prev('draft')).toBe('two');
    expect(h.prev('two')).toBe('one');
    expect(h.prev('one')).toBeUndefined();
    expect(h.next()).toBe('two');
    expect(h.next()).toBe('draft');
    expect(h.next()).toBeUndefined();
  });
});
