import { describe, expect, it } from 'vitest';
import { requiredLiteral } from '../../tools/grep/regex-literal.js';

describe('requiredLiteral (the text every match must contain, used to skip files)', () => {
  const cases: [string, string | undefined][] = [
    ['XYZZY_MARKER', 'XYZZY_MARKER'],
    ['function\\s+on\\d+Handler\\(', 'function'],
    ['colou?r', 'colo'],
    ['ab?cdef', 'cdef'],
    ['a*bcde', 'bcde'],
    ['abc{0,2}de', undefined],
    ['(abc)?defg', 'defg'],
    ['x(?:abc|def)yz', undefined],
    ['foo|barbaz', undefined],
    ['\\.txt$', '.txt'],
    ['file\\.txt$', 'file.txt'],
    ['[abc]defg', 'defg'],
    ['abc\\d+', 'abc'],
    ['\\bword\\b', 'word'],
    ['a+bcd', 'bcd'],
    ['你好+', undefined],
    ['x.y(z)', undefined],
    ['[a-z(]+ends', 'ends'],
  ];
  for (const [pattern, literal] of cases) {
    it(`${pattern} -> ${literal}`, () => expect(requiredLiteral(pattern)).toBe(literal));
  }

  it('never claims text that a match can lack', () => {
    const samples = [
      'color',
      'colour',
      'acdef',
      'bcde',
      'aaabcde',
      'defg',
      'abcdefg',
      'xabcyz',
      'file.txt',
      'adefg',
      'abc123',
      'a word here',
      'aaabcd',
      '你好好',
      'x1y(z)',
      'ab(ends',
    ];
    for (const [pattern] of cases) {
      const literal = requiredLiteral(pattern);
      if (!literal) continue;
      for (const sample of samples) {
        if (new RegExp(pattern, 'u').test(sample)) expect(sample, `${pattern} on ${sample}`).toContain(literal);
      }
    }
  });
});
