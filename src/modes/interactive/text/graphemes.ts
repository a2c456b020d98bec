// The one grapheme segmenter: what the user sees as one character (a letter with its accents, an
// emoji sequence), for measuring, wrapping and moving the cursor.

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function graphemes(text: string): Intl.SegmentData[] {
  return [...segmenter.segment(text)];
}
