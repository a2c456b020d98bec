// Where old_text is in a file: exactly first, then with line endings, line numbers, trailing
// whitespace, indentation or typographic characters forgiven, one at a time; pure, no file I/O.
import { closestRegionHint, lineOf } from './hints.js';
import {
  dominantEol,
  findAll,
  fold,
  indentWidth,
  renderIndent,
  splitIndent,
  sourceEnd,
  stripLineNumbers,
  stripLineNumbersLoosely,
  toLf,
  typographicToAscii,
  withEol,
  type Eol,
  type FoldOptions,
} from './normalize.js';

/** How old_text was found; each is tried only when the ones before found nothing. */
export type MatchMethod = 'exact' | 'line endings' | 'line-number prefixes' | 'trailing whitespace' | 'indentation' | 'typographic characters';

/** Told to the model after a successful fuzzy match, so it learns to quote better. */
export const METHOD_NOTES: Record<MatchMethod, string> = {
  exact: '',
  'line endings': 'matched after normalizing line endings',
  'line-number prefixes': 'matched after removing line numbers copied from read output',
  'trailing whitespace': 'matched ignoring trailing whitespace',
  indentation: 'matched with different indentation; new_text was re-indented to fit',
  'typographic characters': 'matched treating typographic quotes, dashes and spaces as ASCII',
};

export interface EditRequest {
  /** the whole file, decoded */
  content: string;
  oldText: string;
  newText: string;
  replaceAll: boolean;
  /** the path as shown to the model, for messages */
  path: string;
}

export type EditPlan = { ok: true; content: string; method: MatchMethod; replacements: number } | { ok: false; message: string };

/** A place to change in the original text, with what goes there. */
interface Region {
  start: number;
  end: number;
  replacement: string;
}

const BOM = '\uFEFF';

/** Decides where and how old_text is replaced; pure, so every rule is testable without a disk. */
export function planEdit(request: EditRequest): EditPlan {
  const { path, replaceAll } = request;
  if (request.oldText === '') {
    return { ok: false, message: 'old_text is empty; to create a file or replace all of it, use write' };
  }
  if (request.oldText === request.newText) {
    return { ok: false, message: 'old_text and new_text are identical, so the edit would change nothing' };
  }
  const bom = request.content.startsWith(BOM) ? BOM : '';
  const body = request.content.slice(bom.length);
  const oldText = request.oldText.replace(/^\uFEFF/, '');
  const newText = request.newText.replace(/^\uFEFF/, '');
  const numbered = stripLineNumbers(oldText);
  const quoted = numbered ?? oldText;
  const replacement = numbered === undefined ? newText : stripLineNumbersLoosely(newText);

  const attempts: [MatchMethod, () => Region[]][] = [
    ['exact', () => exactRegions(body, oldText, newText)],
    ['line endings', () => foldedRegions(body, oldText, newText, { eol: true })],
    ...(numbered === undefined
      ? []
      : [['line-number prefixes', () => foldedRegions(body, quoted, replacement, { eol: true })] as [MatchMethod, () => Region[]]]),
    ['trailing whitespace', () => foldedRegions(body, quoted, replacement, { eol: true, trailing: true })],
    ['indentation', () => lineRegions(body, quoted, replacement, false)],
    [
      'typographic characters',
      () => {
        const regions = foldedRegions(body, quoted, replacement, { eol: true, trailing: true, typographic: true });
        return regions.length > 0 ? regions : lineRegions(body, quoted, replacement, true);
      },
    ],
  ];

  for (const [method, attempt] of attempts) {
    const regions = attempt();
    if (regions.length === 0) continue;
    if (regions.length > 1 && !replaceAll) return { ok: false, message: ambiguous(body, regions, path, method) };
    const content = bom + applyRegions(body, regions);
    if (content === request.content) {
      return { ok: false, message: `the edit would leave ${path} unchanged: it already reads like new_text there` };
    }
    return { ok: true, content, method, replacements: regions.length };
  }
  return { ok: false, message: closestRegionHint(body, quoted, path) };
}

function ambiguous(body: string, regions: Region[], path: string, method: MatchMethod): string {
  const lines = regions.map((region) => lineOf(body, region.start));
  const shown = lines.length > 10 ? `${lines.slice(0, 10).join(', ')}, …` : lines.join(', ');
  const how = method === 'exact' ? '' : ` (${METHOD_NOTES[method]})`;
  return (
    `old_text matches ${regions.length} places in ${path}${how}, at lines ${shown}; ` +
    'add surrounding lines to old_text to make it unique, or set replace_all to change every one'
  );
}

function applyRegions(body: string, regions: Region[]): string {
  let result = '';
  let at = 0;
  for (const region of [...regions].sort((a, b) => a.start - b.start)) {
    result += body.slice(at, region.start) + region.replacement;
    at = region.end;
  }
  return result + body.slice(at);
}

/** new_text takes the line ending of the place it goes to, so the file keeps its own style. */
function fitEol(body: string, start: number, end: number, text: string): string {
  const region = body.slice(start, end);
  const eol: Eol = region.includes('\r\n') ? '\r\n' : region.includes('\n') ? '\n' : dominantEol(body);
  return withEol(text, eol);
}

function exactRegions(body: string, oldText: string, newText: string): Region[] {
  return findAll(body, oldText).map((start) => {
    const end = start + oldText.length;
    return { start, end, replacement: fitEol(body, start, end, newText) };
  });
}

function foldedRegions(body: string, oldText: string, newText: string, options: FoldOptions): Region[] {
  const needle = fold(oldText, options).text;
  if (needle.trim() === '') return [];
  const view = fold(body, options);
  return findAll(view.text, needle).map((at) => {
    const start = view.starts[at]!;
    const end = sourceEnd(body, view, at + needle.length);
    return { start, end, replacement: fitEol(body, start, end, newText) };
  });
}

interface Line {
  start: number;
  /** end of the text, before the line terminator */
  end: number;
  /** start of the next line */
  next: number;
  text: string;
}

function splitLines(body: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= body.length) {
    const newline = body.indexOf('\n', start);
    const next = newline === -1 ? body.length + 1 : newline + 1;
    const end = newline === -1 ? body.length : newline > start && body[newline - 1] === '\r' ? newline - 1 : newline;
    lines.push({ start, end, next: Math.min(next, body.length), text: body.slice(start, end) });
    if (newline === -1) break;
    start = next;
  }
  return lines;
}

const TAB_WIDTHS = [4, 2, 8];

/**
 * Whole-line match ignoring indentation (and trailing whitespace): the file's lines must be old_text's
 * lines shifted by one amount, counted in columns so tabs and spaces compare. new_text is shifted the
 * same way and written with the file's kind of indentation.
 */
function lineRegions(body: string, oldText: string, newText: string, typographic: boolean): Region[] {
  const key = (line: string) => (typographic ? typographicToAscii(line) : line).trimEnd();
  let quoted = toLf(oldText);
  const withTerminator = quoted.endsWith('\n');
  if (withTerminator) quoted = quoted.slice(0, -1);
  const wanted = quoted.split('\n').map((line) => splitIndent(key(line)));
  if (wanted.every(([, rest]) => rest === '')) return [];
  const lines = splitLines(body);
  const keys = lines.map((line) => splitIndent(key(line.text)));
  const regions: Region[] = [];
  for (let i = 0; i + wanted.length <= lines.length; i++) {
    if (!wanted.every(([, rest], j) => keys[i + j]![1] === rest)) continue;
    const window = keys.slice(i, i + wanted.length);
    const shift = uniformShift(window, wanted);
    if (!shift) continue;
    const first = lines[i]!;
    const last = lines[i + wanted.length - 1]!;
    const end = withTerminator ? last.next : last.end;
    const fileIndents = window.filter(([, rest]) => rest !== '').map(([indent]) => indent);
    const useTabs =
      fileIndents.some((indent) => indent.includes('\t')) || (fileIndents.every((indent) => indent === '') && wanted.some(([indent]) => indent.includes('\t')));
    const shifted = reindent(toLf(newText), shift.delta, shift.tabWidth, useTabs);
    regions.push({ start: first.start, end, replacement: fitEol(body, first.start, end, shifted) });
    i += wanted.length - 1;
  }
  return regions;
}

/** The one column shift from old_text's indentation to the file's, trying common tab widths. */
function uniformShift(file: [string, string][], quoted: [string, string][]): { delta: number; tabWidth: number } | undefined {
  for (const tabWidth of TAB_WIDTHS) {
    let delta: number | undefined;
    let uniform = true;
    quoted.forEach(([indent, rest], j) => {
      if (rest === '') return;
      const d = indentWidth(file[j]![0], tabWidth) - indentWidth(indent, tabWidth);
      if (delta === undefined) delta = d;
      else if (d !== delta) uniform = false;
    });
    if (uniform && delta !== undefined) return { delta, tabWidth };
  }
  return undefined;
}

function reindent(text: string, delta: number, tabWidth: number, useTabs: boolean): string {
  return text
    .split('\n')
    .map((line) => {
      const [indent, rest] = splitIndent(line);
      if (rest === '') return line;
      return renderIndent(Math.max(0, indentWidth(indent, tabWidth) + delta), useTabs, tabWidth) + rest;
    })
    .join('\n');
}
