import { describe, expect, it } from 'vitest';
import { keyCommand } from '../../src/modes/interactive/input/keymap.js';
import { KeyParser, type KeyEvent } from '../../src/modes/interactive/input/keys.js';

const parse = (...chunks: string[]) => {
  const p = new KeyParser();
  return chunks.flatMap((c) => p.feed(c));
};
const cmds = (...chunks: string[]) => parse(...chunks).map((e) => keyCommand(e));

describe('KeyParser + keymap', () => {
  it('Enter sends, Alt+Enter queues a follow-up, Shift+Enter and Ctrl+J insert a newline', () => {
    expect(cmds('\r')).toEqual([{ type: 'submit' }]);
    expect(cmds('\x1b\r')).toEqual([{ type: 'followUp' }]);
    expect(cmds('\n')).toEqual([{ type: 'newline' }]);
    expect(cmds('\x1b[13;2u')).toEqual([{ type: 'newline' }]); // kitty / CSI u
    expect(cmds('\x1b[27;2;13~')).toEqual([{ type: 'newline' }]); // xterm modifyOtherKeys
    expect(cmds('\x1b[13;3u')).toEqual([{ type: 'followUp' }]);
  });

  it('typed text comes as one insert; control keys and arrows as commands', () => {
    expect(cmds('héllo 世界')).toEqual([{ type: 'insert', text: 'héllo 世界' }]);
    expect(cmds('\x03', '\x04', '\x0f')).toEqual([{ type: 'interrupt' }, { type: 'eof' }, { type: 'toggleTools' }]);
    expect(cmds('\x1b[A\x1b[B')).toEqual([{ type: 'up' }, { type: 'down' }]);
    expect(cmds('\x1bOD', '\x1b[1;5C', '\x1bb', '\x17', '\x7f', '\x1b[3~')).toEqual([
      { type: 'edit', op: 'left' },
      { type: 'edit', op: 'wordRight' },
      { type: 'edit', op: 'wordLeft' },
      { type: 'edit', op: 'deleteWordBack' },
      { type: 'edit', op: 'backspace' },
      { type: 'edit', op: 'delete' },
    ]);
    expect(cmds('\x01', '\x05', '\x1b[H', '\x1b[4~', '\x15', '\x0b')).toEqual(
      ['home', 'end', 'home', 'end', 'killLineStart', 'killLineEnd'].map((op) => ({ type: 'edit', op })),
    );
  });

  it('a lone ESC is Escape; an escape sequence split across reads waits for its end', () => {
    expect(cmds('\x1b')).toEqual([{ type: 'escape' }]);
    const p = new KeyParser();
    expect(p.feed('ab\x1b')).toEqual([{ kind: 'text', text: 'ab' }]);
    expect(p.hasPending()).toBe(true);
    expect(p.feed('[D')).toEqual([{ kind: 'key', name: 'left', ctrl: false, meta: false, shift: false }]);
    p.feed('x\x1b');
    expect(p.flush()).toEqual([{ kind: 'key', name: 'escape', ctrl: false, meta: false, shift: false }]);
  });

  it('a bracketed paste is one piece, newlines included, even across reads', () => {
    expect(parse('\x1b[200~line one\r\nline two\x1b[201~')).toEqual([{ kind: 'paste', text: 'line one\r\nline two' }]);
    const events: KeyEvent[] = parse('x\x1b[200~first\n', 'second\x1b[2', '01~\r');
    expect(events).toEqual([
      { kind: 'text', text: 'x' },
      { kind: 'paste', text: 'first\nsecond' },
      { kind: 'key', name: 'enter', ctrl: false, meta: false, shift: false },
    ]);
  });

  it('Enter and the next words in one read are typing: only bracketed paste is a paste', () => {
    expect(cmds('first correction\rsecond')).toEqual([{ type: 'insert', text: 'first correction' }, { type: 'submit' }, { type: 'insert', text: 'second' }]);
    // text then Enter at the end of a read is typing
    expect(cmds('hello\r')).toEqual([{ type: 'insert', text: 'hello' }, { type: 'submit' }]);
  });

  it('typeahead (keys typed before the app was ready) submits at every line end, cooked-mode \\n included', () => {
    const typeahead = (chunk: string) => new KeyParser().feed(chunk, true).map((e) => keyCommand(e));
    // typed before raw mode: the terminal's cooked mode turned Enter into \n
    expect(typeahead('hello there\n')).toEqual([{ type: 'insert', text: 'hello there' }, { type: 'submit' }]);
    // typed in raw mode while tack was still loading: it all arrives in one read, yet it is typing
    expect(typeahead('hello there\rand more')).toEqual([{ type: 'insert', text: 'hello there' }, { type: 'submit' }, { type: 'insert', text: 'and more' }]);
    // a paste with markers stays one piece
    expect(typeahead('\x1b[200~a\nb\x1b[201~\r')).toEqual([{ type: 'paste', text: 'a\nb' }, { type: 'submit' }]);
    // shift+tab is the approval mode
    expect(cmds('\x1b[Z')).toEqual([{ type: 'cycleMode' }]);
  });
});
