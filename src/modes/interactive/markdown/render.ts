// Markdown to terminal lines, wrapped to a width: headings, lists, quotes, tables, rules and fenced
// code (highlighted). Used for finished blocks (printed once) and for the streaming tail.
import { Lexer, type Token, type Tokens } from 'marked';
import { s, sym } from '../text/style.js';
import { sanitize, width, wrap, wrapWithPrefix } from '../text/text.js';
import { highlight } from './highlight.js';
import { renderInline } from './inline.js';
import { splitPlainBlocks } from './plain-blocks.js';
import { renderTable } from './table.js';

export interface RenderOptions {
  width: number;
  /** highlight fenced code (finished blocks only: the tail is re-rendered every frame) */
  highlight: boolean;
}

export function renderMarkdown(source: string, o: RenderOptions): string[] {
  const blocks = splitPlainBlocks(source);
  if (!blocks?.some((b) => b.plain)) return renderParsed(source, o);
  // plain prose as marked would render a paragraph of it; the rest through marked
  const out: string[] = [];
  for (const block of blocks) {
    const lines = block.plain ? wrap(sanitize(block.text), Math.max(8, o.width)) : renderParsed(block.text, o);
    if (lines.length === 0) continue;
    if (out.length > 0) out.push('');
    out.push(...lines);
  }
  return out;
}

/** The whole source through marked (what renderMarkdown gives, however it gets there). */
export function renderParsed(source: string, o: RenderOptions): string[] {
  let tokens: Token[];
  try {
    tokens = new Lexer({ gfm: true }).lex(source);
  } catch {
    return wrap(sanitize(source), o.width);
  }
  return renderBlocks(tokens, o);
}

function renderBlocks(tokens: Token[], o: RenderOptions, gap = true): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    if (token.type === 'space') continue;
    const lines = renderBlock(token, o);
    if (lines.length === 0) continue;
    if (out.length > 0 && gap) out.push('');
    out.push(...lines);
  }
  return out;
}

function renderBlock(token: Token, o: RenderOptions): string[] {
  const w = Math.max(8, o.width);
  switch (token.type) {
    case 'heading': {
      const t = token as Tokens.Heading;
      const text = renderInline(t.tokens, t.text);
      // each level lighter than the one above: underlined colour, colour, bold, then dim bold
      const styled =
        t.depth === 1 ? s.bold(s.underline(s.magenta(text))) : t.depth === 2 ? s.bold(s.magenta(text)) : t.depth === 3 ? s.bold(text) : s.dim(s.bold(text));
      return wrap(styled, w);
    }
    case 'paragraph': {
      const t = token as Tokens.Paragraph;
      return wrap(renderInline(t.tokens, t.text), w);
    }
    case 'text': {
      const t = token as Tokens.Text;
      return wrap(renderInline(t.tokens, t.text), w);
    }
    case 'code': {
      const t = token as Tokens.Code;
      return renderCode(t.text, t.lang ?? '', w, o.highlight);
    }
    case 'blockquote': {
      const t = token as Tokens.Blockquote;
      const bar = s.gray(sym('│ ', '| '));
      return renderBlocks(t.tokens, { ...o, width: w - 2 }).map((line) => bar + s.italic(line));
    }
    case 'list':
      return renderList(token as Tokens.List, w, o);
    case 'table':
      return renderTable(token as Tokens.Table, w);
    case 'hr':
      return [s.gray(sym('─', '-').repeat(w))];
    case 'html':
      return wrap(sanitize((token as Tokens.HTML).raw.trimEnd()), w);
    default:
      return 'raw' in token && typeof token.raw === 'string' ? wrap(sanitize(token.raw.trimEnd()), w) : [];
  }
}

function renderList(list: Tokens.List, w: number, o: RenderOptions): string[] {
  const out: string[] = [];
  const start = typeof list.start === 'number' ? list.start : 1;
  const numberWidth = String(start + list.items.length - 1).length;
  list.items.forEach((item, i) => {
    let bullet = list.ordered ? `${String(start + i).padStart(numberWidth)}. ` : `${sym('•', '-')} `;
    if (item.task) bullet += item.checked ? '[x] ' : '[ ] ';
    const indent = ' '.repeat(width(bullet));
    const inner = renderBlocks(item.tokens, { ...o, width: w - indent.length }, list.loose);
    if (list.loose && i > 0) out.push('');
    inner.forEach((line, j) => {
      out.push((j === 0 ? s.cyan(bullet) : indent) + line);
    });
    if (inner.length === 0) out.push(s.cyan(bullet));
  });
  return out;
}

export function renderCode(code: string, info: string, w: number, withHighlight: boolean): string[] {
  const text = sanitize(code.replace(/\n$/, ''));
  const lines = withHighlight ? highlight(text, info) : text.split('\n');
  const label = info.trim().split(/\s+/)[0] ?? '';
  const out: string[] = [];
  for (const line of lines) out.push(...wrapWithPrefix(line, w, '  ', '  '));
  if (!label) return out;
  // the language sits at the right of the block's first line, where there is room; above it otherwise
  const first = out[0] ?? '';
  const gap = w - width(first) - width(label);
  if (gap >= 3) out[0] = `${first}${' '.repeat(gap)}${s.gray(label)}`;
  else out.unshift(`${' '.repeat(Math.max(0, w - width(label)))}${s.gray(label)}`);
  return out;
}
