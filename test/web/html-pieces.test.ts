// The pass that makes a page's HTML safe to convert (depth cut, pieces that keep their context), and
// the conversion's time bound.
import { describe, expect, it, vi } from 'vitest';
import { htmlToMarkdown } from '../../tools/web/html-to-markdown.js';
import { htmlPieces, MAX_DEPTH, PIECE_CHARS } from '../../tools/web/html-pieces.js';

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe('htmlPieces', () => {
  it('drops the tags of elements deeper than MAX_DEPTH, keeping their text and every tag above', () => {
    const { pieces, flattened } = htmlPieces(`<p>before</p>${'<div>'.repeat(40_000)}deep${'</div>'.repeat(40_000)}<p>after</p>`);
    const all = pieces.join('');
    expect(flattened).toBe(40_000 - MAX_DEPTH);
    expect(count(all, /<div>/g)).toBe(MAX_DEPTH);
    expect(count(all, /<\/div>/g)).toBe(MAX_DEPTH);
    expect(all).toMatch(/^<p>before<\/p>(<div>){200}deep(<\/div>){200}<p>after<\/p>$/);
  });

  it('leaves a page within bounds as it was: void and self-ending tags, comments and scripts do not count', () => {
    const page = `<ul><li>a<ul><li>b</ul></ul>${'<br><img src=x><p>para'.repeat(300)}<script>"${'<div>'.repeat(300)}"</script><!-- ${'<div>'.repeat(300)} --><svg><path/></svg>`;
    expect(htmlPieces(page)).toEqual({ pieces: [page], flattened: 0 });
  });

  it('cuts a long page before a block element, and opens again in each piece the elements it lies in', () => {
    const item = `<li><p>${'word '.repeat(200)}</p></li>`;
    const page = `<div class="doc"><ol start="3">${item.repeat(200)}</ol></div><p>end</p>`;
    const { pieces } = htmlPieces(page);
    expect(pieces.length).toBeGreaterThan(3);
    for (const piece of pieces.slice(1, -1)) {
      expect(piece.startsWith('<div class="doc"><ol start="3"><li>')).toBe(true);
      expect(piece.length).toBeLessThan(PIECE_CHARS + item.length + 100);
    }
    expect(pieces.join('').replaceAll('<div class="doc"><ol start="3">', '')).toBe(page.replace('<div class="doc"><ol start="3">', ''));
  });
});

describe('htmlToMarkdown', () => {
  it('stops converting once its time bound has passed, and says how much it converted', async () => {
    const page = `<main>${'<h2>Part</h2><p>words and more words</p>'.repeat(20_000)}</main>`;
    let now = Date.now();
    // each look at the clock is 4 s later: the bound (10 s) passes after a few pieces
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 4000));
    try {
      const converted = await htmlToMarkdown(page, 'http://example.com/');
      expect(converted.convertedPercent).toBeGreaterThan(0);
      expect(converted.convertedPercent).toBeLessThan(50);
      expect(converted.markdown.startsWith('## Part\n\nwords and more words')).toBe(true);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
