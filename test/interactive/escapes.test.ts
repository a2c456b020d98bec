// The one escape-sequence scanner, as measuring, wrapping and cleaning text see it.
import { describe, expect, it } from 'vitest';
import { escapeEnd, stripAnsi } from '../../src/text/escapes.js';
import { sanitize, width, wrap } from '../../src/modes/interactive/text/text.js';

describe('escape sequences', () => {
  it.each([
    ['a style', '\x1b[1;31m', 7],
    ['a reset', '\x1b[m', 3],
    ['a cursor move', '\x1b[2A', 4],
    ['a private mode', '\x1b[?25h', 6],
    ['an intermediate byte', '\x1b[2 q', 5],
    ['a title ended by BEL', '\x1b]0;title\x07', 10],
    ['a link ended by ESC \\', '\x1b]8;;https://x\x1b\\', 16],
  ])('scans %s whole', (_name, seq, length) => {
    expect(escapeEnd(`${seq}after`, 0)).toBe(length);
  });

  it.each([
    ['a lone ESC', '\x1bx'],
    ['an unfinished CSI', '\x1b[12'],
    ['an unterminated OSC', '\x1b]0;title'],
  ])('takes only the ESC of %s', (_name, text) => {
    expect(escapeEnd(text, 0)).toBe(1);
  });

  it('strips sequences and leaves an ESC that starts none', () => {
    expect(stripAnsi('\x1b[31mred\x1b[39m \x1b]0;t\x07plain \x1b[2Kline\x1bx')).toBe('red plain line\x1bx');
    expect(stripAnsi('no escapes')).toBe('no escapes');
  });

  it('gives sequences no columns when measuring and wrapping', () => {
    expect(width('\x1b[2K\x1b[31mabc\x1b[39m')).toBe(3);
    expect(wrap('\x1b[2Kaaa bbb', 3).map(stripAnsi)).toEqual(['aaa', 'bbb']);
  });

  it('cleans text from outside of every sequence and control character', () => {
    expect(sanitize('\x1b]0;evil\x07ok\x1b[2J\x1b[H\x07 done')).toBe('ok done');
  });
});
