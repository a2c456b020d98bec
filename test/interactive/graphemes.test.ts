import { describe, expect, it } from 'vitest';
import { graphemes } from '../../src/modes/interactive/text/graphemes.js';

describe('graphemes of a long text (segmented in windows)', () => {
  it('splits exactly as one pass over the whole text would, across every kind of cluster', () => {
    const pieces = ['plain ascii words ', 'e\u0301', '👩‍👩‍👧', '🇫🇷', '中文字符', '\r\n', 'क्षि', '\u0600\u0661', '👍🏽', 'tab\tend '];
    let text = '';
    for (let i = 0; text.length < 3000; i++) text += pieces[(i * 7) % pieces.length]!.repeat(1 + (i % 5));
    const whole = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((g) => [g.index, g.segment]);
    expect(graphemes(text).map((g) => [g.index, g.segment])).toEqual(whole);
  });
});
