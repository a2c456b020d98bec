// A page's HTML made safe to convert, in one linear pass over its tags: elements nested deeper than
// MAX_DEPTH lose their tags (their text stays), as parsing takes time quadratic in the depth and
// turndown recurses once a level (40,000 nested divs froze tack); and the HTML is cut into pieces of
// about PIECE_CHARS, each converted alone, so a conversion can be stopped or bounded between two.
// A piece starts at a block element and opens again the elements it lies in, so lists, quotes and
// tables keep their shape.

export const MAX_DEPTH = 200;
export const PIECE_CHARS = 50_000;

export interface HtmlPieces {
  pieces: string[];
  /** how many tags were dropped for lying deeper than MAX_DEPTH */
  flattened: number;
}

// comments and raw-text elements whole (a `<div>` in a script is not a tag), then tags; `[^<>]*`
// rather than `[^>]*` so a lone `<` costs no scan to the end of the page
const TOKEN =
  /<(?:!--[\s\S]*?(?:-->|$)|(script|style|textarea|title|xmp|iframe|noembed|noframes)\b[^<>]*>[\s\S]*?(?:<\/\1\s*>|$)|(\/?)([a-zA-Z][^\s/<>]*)[^<>]*>)/gi;

const words = (text: string) => new Set(text.split(' '));
/** Tags that never nest: void elements, and those whose end the parser finds by itself. */
const FLAT = words(
  'area base br col embed hr img input link meta param source track wbr p li dt dd option optgroup tr td th thead tbody tfoot colgroup caption rb rt rp rtc html head body',
);
const BLOCK = words(
  'address article aside blockquote details dialog div dl fieldset figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table tr ul',
);
/** Inside these a piece ends only once it is four times as long: a cut there breaks what they mean. */
const WHOLE = words('pre table');

export function htmlPieces(html: string): HtmlPieces {
  const pieces: string[] = [];
  let parts: string[] = [];
  let size = 0;
  let flattened = 0;
  let last = 0;
  // the open tags of the elements the scan is in, as written, up to MAX_DEPTH; `depth` counts them all
  const open: { tag: string; name: string }[] = [];
  let depth = 0;
  let whole = 0;
  const add = (text: string) => {
    parts.push(text);
    size += text.length;
  };
  const cutBefore = (name: string) => {
    if (size < PIECE_CHARS || !(BLOCK.has(name) || size >= 4 * PIECE_CHARS) || (whole > 0 && size < 4 * PIECE_CHARS)) return;
    pieces.push(parts.join(''));
    parts = open.map((o) => o.tag);
    size = 0;
  };
  for (const m of html.matchAll(TOKEN)) {
    add(html.slice(last, m.index));
    last = m.index + m[0].length;
    const name = m[3]?.toLowerCase();
    const closing = m[2] === '/';
    if (name === undefined || FLAT.has(name) || m[0].endsWith('/>')) {
      if (name !== undefined && !closing) cutBefore(name);
      add(m[0]);
    } else if (closing) {
      if (depth === 0) continue;
      depth--;
      if (depth >= MAX_DEPTH) continue;
      if (WHOLE.has(open.pop()!.name)) whole--;
      add(m[0]);
    } else if (++depth > MAX_DEPTH) {
      flattened++;
    } else {
      cutBefore(name);
      open.push({ tag: m[0], name });
      if (WHOLE.has(name)) whole++;
      add(m[0]);
    }
  }
  add(html.slice(last));
  pieces.push(parts.join(''));
  return { pieces, flattened };
}
