import { describe, expect, it } from 'vitest';
import { applyEdit } from '../../src/modes/interactive/input-box/input-box.js';
import { editorWith, type EditorState } from '../../src/modes/interactive/editor/editor.js';
import { normalKeys, toNormal, vimStart, type VimState } from '../../src/modes/interactive/editor/vim.js';

/** Text typed in insert mode, Esc, then `keys` in normal mode; `|` in the result marks the cursor. */
function typedThen(text: string, keys: string, typedAfter = ''): string {
  let vim: VimState = vimStart;
  let st: EditorState = editorWith(text);
  ({ vim, editor: st } = toNormal(vim, st));
  ({ vim, editor: st } = normalKeys(vim, st, keys, applyEdit));
  if (typedAfter) st = applyEdit(st, { type: 'insert', text: typedAfter }) ?? st;
  return `${st.text.slice(0, st.cursor)}|${st.text.slice(st.cursor)}${vim.mode === 'insert' ? ' (insert)' : ''}`;
}

describe('vim keys in the input', () => {
  it('moves by characters, words and line ends', () => {
    expect(typedThen('hello big world', '0')).toBe('|hello big world');
    expect(typedThen('hello big world', '0w')).toBe('hello |big world');
    expect(typedThen('hello big world', '0ww')).toBe('hello big |world');
    expect(typedThen('hello big world', 'b')).toBe('hello big |world');
    expect(typedThen('hello big world', '0e')).toBe('hell|o big world');
    expect(typedThen('hello big world', '0$')).toBe('hello big worl|d');
    expect(typedThen('  indented', '0^')).toBe('  |indented');
    expect(typedThen('hello', '0ll')).toBe('he|llo');
    expect(typedThen('hello', 'hh')).toBe('he|llo');
    expect(typedThen('one.two', '0w')).toBe('one|.two');
    expect(typedThen('a b c d', '03w')).toBe('a b c |d');
  });

  it('moves between lines keeping the column, and passes Up at the first line for the history', () => {
    expect(typedThen('abc\ndefg', 'k')).toBe('ab|c\ndefg');
    expect(typedThen('abc\ndefg', 'kj')).toBe('abc\nde|fg');
    expect(typedThen('abc\ndefg', 'gg')).toBe('|abc\ndefg');
    expect(typedThen('abc\ndefg', 'ggG')).toBe('abc\n|defg');
    let vim: VimState = vimStart;
    let st = editorWith('only');
    ({ vim, editor: st } = toNormal(vim, st));
    expect(normalKeys(vim, st, 'k', applyEdit).pass).toEqual({ type: 'up' });
  });

  it('deletes characters, words, lines and to the end', () => {
    expect(typedThen('hello big world', '0dw')).toBe('|big world');
    expect(typedThen('hello big world', '0x')).toBe('|ello big world');
    expect(typedThen('hello big world', '03x')).toBe('|lo big world');
    expect(typedThen('hello big world', '0wD')).toBe('hello| ');
    expect(typedThen('hello big world', '0d2w')).toBe('|world');
    expect(typedThen('one\ntwo\nthree', 'kdd')).toBe('one\n|three');
    expect(typedThen('one\ntwo\nthree', 'dd')).toBe('one\n|two');
    expect(typedThen('one\ntwo\nthree', 'gg2dd')).toBe('|three');
    expect(typedThen('last word', 'bdw')).toBe('last| ');
    expect(typedThen('a b', '0d$')).toBe('|');
  });

  it('changes words, inner words and to the end, then types', () => {
    expect(typedThen('hello big world', '0wcw', 'small')).toBe('hello small| world (insert)');
    expect(typedThen('hello big world', '0wlciw', 'tiny')).toBe('hello tiny| world (insert)');
    expect(typedThen('hello big world', '0wC', 'end')).toBe('hello end| (insert)');
    expect(typedThen('hello big world', '0wdaw')).toBe('hello |world');
  });

  it('enters insert mode where i, a, A, I, o and O say', () => {
    expect(typedThen('abc', '0i', 'X')).toBe('X|abc (insert)');
    expect(typedThen('abc', '0a', 'X')).toBe('aX|bc (insert)');
    expect(typedThen('abc', '0A', 'X')).toBe('abcX| (insert)');
    expect(typedThen('  abc', 'I', 'X')).toBe('  X|abc (insert)');
    expect(typedThen('abc', 'o', 'X')).toBe('abc\nX| (insert)');
    expect(typedThen('abc', 'O', 'X')).toBe('X|\nabc (insert)');
  });

  it('puts what was deleted, undoes, and repeats the last change with .', () => {
    expect(typedThen('hello big world', '0dwwP')).toBe('big hello| world');
    expect(typedThen('one\ntwo', 'kddp')).toBe('two\n|one');
    expect(typedThen('hello big world', '0dwu')).toBe('|hello big world');
    expect(typedThen('a b c d', '0dw.')).toBe('|c d');
    // a change that typed text: `cw`, `y`, Esc, then `w.` changes the next word the same way
    let vim: VimState = vimStart;
    let st: EditorState = editorWith('x1 x2 x3');
    ({ vim, editor: st } = toNormal(vim, st));
    ({ vim, editor: st } = normalKeys(vim, st, '0cwy', applyEdit));
    ({ vim, editor: st } = toNormal(vim, st));
    ({ vim, editor: st } = normalKeys(vim, st, 'w.', applyEdit));
    expect(st.text).toBe('y y x3');
  });

  it('drops keys that mean nothing and replaces a character with r', () => {
    expect(typedThen('abc', '0Zl')).toBe('a|bc');
    expect(typedThen('abc', '0rX')).toBe('|Xbc');
  });
});
