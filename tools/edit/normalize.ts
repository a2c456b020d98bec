// Views of text that forgive what models get wrong when they quote a file: line endings, trailing
// whitespace, typographic characters, indentation, line numbers copied from `read`. Each view keeps
// a map back to the original, so a match found in the view is replaced in the original bytes.

export type Eol = '\n' | '\r\n';

/** Typographic characters and the ASCII a model (or a word processor) writes for them. */
const TYPOGRAPHIC: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u200A': ' ',
  '\u202F': ' ',
  '\u3000': ' ',
};

export interface FoldOptions {
  /** CRLF counts as LF */
  eol?: boolean;
  /** spaces and tabs at the end of a line are ignored */
  trailing?: boolean;
  /** typographic quotes, dashes, ellipses and spaces count as their ASCII forms */
  typographic?: boolean;
}

export interface Folded {
  text: string;
  /** for each code unit of `text`, the index in the source of the character it came from */
  starts: number[];
}

export function fold(source: string, options: FoldOptions): Folded {
  let text = '';
  const starts: number[] = [];
  let pending: { char: string; at: number }[] = [];
  const emit = (chars: string, at: number) => {
    for (const held of pending) {
      text += held.char;
      starts.push(held.at);
    }
    pending = [];
    for (let k = 0; k < chars.length; k++) starts.push(at);
    text += chars;
  };
  for (let i = 0; i < source.length; i++) {
    let char = source[i]!;
    const at = i;
    if (options.eol && char === '\r' && source[i + 1] === '\n') {
      char = '\n';
      i++;
    }
    if (options.typographic) char = TYPOGRAPHIC[char] ?? char;
    if (options.trailing) {
      if (char === ' ' || char === '\t') {
        pending.push({ char, at });
        continue;
      }
      if (char === '\n') pending = [];
    }
    emit(char, at);
  }
  return { text, starts };
}

/** End (exclusive) in the source of a folded range that ends at `end` (exclusive). */
export function sourceEnd(source: string, folded: Folded, end: number): number {
  const last = end - 1;
  const at = folded.starts[last]!;
  return source[at] === '\r' && folded.text[last] === '\n' ? at + 2 : at + 1;
}

/** Start offsets of the non-overlapping occurrences of `needle`. */
export function findAll(haystack: string, needle: string): number[] {
  const found: number[] = [];
  if (needle === '') return found;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

export function typographicToAscii(text: string): string {
  return fold(text, { typographic: true }).text;
}

export function toLf(text: string): string {
  return text.replace(/\r\n/g, '\n');
}

export function withEol(text: string, eol: Eol): string {
  const lf = toLf(text);
  return eol === '\n' ? lf : lf.replace(/\n/g, '\r\n');
}

/** The line ending most lines of the text use (LF when there are none). */
export function dominantEol(text: string): Eol {
  const crlf = text.split('\r\n').length - 1;
  const lf = text.split('\n').length - 1 - crlf;
  return crlf > lf ? '\r\n' : '\n';
}

/** What `read` puts before each line: the right-aligned number and a tab. */
const LINE_NUMBER = /^ *\d+\t/;
const BARE_NUMBER = /^ *\d+$/;

/**
 * `old_text` without the line-number prefixes copied from `read` output, or undefined when its lines
 * do not all carry one (blank lines may have lost their tab).
 */
export function stripLineNumbers(text: string): string | undefined {
  const lines = toLf(text).replace(/\n$/, '').split('\n');
  if (!lines.some((line) => LINE_NUMBER.test(line))) return undefined;
  if (!lines.every((line) => LINE_NUMBER.test(line) || BARE_NUMBER.test(line))) return undefined;
  const trailing = toLf(text).endsWith('\n') ? '\n' : '';
  return lines.map((line) => line.replace(LINE_NUMBER, '').replace(BARE_NUMBER, '')).join('\n') + trailing;
}

/** `new_text` with the same prefixes removed from the lines that have one (new lines often lack it). */
export function stripLineNumbersLoosely(text: string): string {
  return toLf(text)
    .split('\n')
    .map((line) => line.replace(LINE_NUMBER, ''))
    .join('\n');
}

export function splitIndent(line: string): [indent: string, rest: string] {
  const rest = line.replace(/^[ \t]+/, '');
  return [line.slice(0, line.length - rest.length), rest];
}

/** Columns an indent takes, a tab reaching the next multiple of `tabWidth`. */
export function indentWidth(indent: string, tabWidth: number): number {
  let width = 0;
  for (const char of indent) width = char === '\t' ? (Math.floor(width / tabWidth) + 1) * tabWidth : width + 1;
  return width;
}

export function renderIndent(width: number, useTabs: boolean, tabWidth: number): string {
  if (!useTabs) return ' '.repeat(width);
  return '\t'.repeat(Math.floor(width / tabWidth)) + ' '.repeat(width % tabWidth);
}
