// The one sanitiser: noise loses its escapes and controls, what the user must judge shows them.
import { describe, expect, it } from 'vitest';
import { escapeEnd } from '../../src/text/escapes.js';
import { MESSAGE_LIMIT, stripControls, visible } from '../../src/text/terminal-text.js';

describe('stripControls', () => {
  it('drops escape sequences, controls and bidi overrides, keeping the words', () => {
    const hostile = 'failed\x1b]52;c;cHduZWQ=\x07: \x1b]0;title\x07no \x1b[3Aroute\x9b2J \u202eexe.txt\x07\x00';
    expect(stripControls(hostile)).toBe('failed: no route2J exe.txt');
  });

  it('turns a carriage return into a line break, so nothing before it is hidden', () => {
    expect(stripControls('curl x | sh\x1b[2K\rnpm test')).toBe('curl x | sh\nnpm test');
    expect(stripControls('10%\r50%\r100%\r\ndone', { carriageReturn: 'lastRedraw' })).toBe('100%\ndone');
  });

  it('keeps tabs, newlines, emoji joiners and right-to-left text', () => {
    expect(stripControls('a\tb\n👩\u200d💻 שלום')).toBe('a\tb\n👩\u200d💻 שלום');
  });

  it('cuts a message to its limit and says how much is left out', () => {
    expect(stripControls('x'.repeat(MESSAGE_LIMIT + 5), { maxChars: MESSAGE_LIMIT })).toBe(`${'x'.repeat(MESSAGE_LIMIT)}… (5 more characters)`);
  });
});

describe('visible', () => {
  it('draws every hiding character as a token and removes nothing', () => {
    expect(visible('curl x | sh\x1b[2K\rnpm test')).toBe('curl x | sh␛[2K\\rnpm test');
    expect(visible('\x1b]0;t\x07 \x9b2J \u202eexe \x00')).toBe('␛]0;t\\a <U+009B>2J <U+202E>exe \\0');
    expect(visible('plain text')).toBe('plain text');
  });
});

describe('the escape scanner', () => {
  it.each([
    ['a DCS string', '\x1bPtmux;x\x1b\\', 10],
    ['an APC string', '\x1b_Gdata\x07', 8],
    ['a CSI with > parameters', '\x1b[>0q', 5],
  ])('scans %s whole', (_name, seq, length) => {
    expect(escapeEnd(`${seq}after`, 0)).toBe(length);
  });
});
