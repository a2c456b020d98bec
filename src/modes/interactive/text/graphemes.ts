// The one grapheme segmenter: what the user sees as one character (a letter with its accents, an
// emoji sequence), for measuring, wrapping and moving the cursor.

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Node 20's segmenter slows down with the length of the string it walks (20,000 characters took
 * 8 s; 64 characters take about 70 µs), so a long text is segmented in windows of about this many characters, each cut where a
 * break is certain.
 */
const WINDOW = 64;

/** No grapheme rule joins two of these (none is Extend, ZWJ, Prepend or CR): a break lies between them. */
function plainPair(text: string, i: number): boolean {
  const plain = (c: number) => (c >= 0x20 && c <= 0x7e) || (c >= 0x4e00 && c <= 0x9fff);
  return plain(text.charCodeAt(i - 1)) && plain(text.charCodeAt(i));
}

export function graphemes(text: string): Intl.SegmentData[] {
  if (text.length <= WINDOW) return [...segmenter.segment(text)];
  const out: Intl.SegmentData[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + WINDOW);
    while (end < text.length && !plainPair(text, end)) end++;
    for (const g of segmenter.segment(text.slice(start, end))) out.push({ segment: g.segment, index: g.index + start, input: text });
    start = end;
  }
  return out;
}
