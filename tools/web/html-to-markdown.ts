// A web page as Markdown a small model can read: the main content (the <main> or <article> when
// there is one), headings, lists, links (made absolute) and fenced code kept; scripts, styles,
// navigation, forms and images dropped. turndown is imported on the first page, so a run that
// never fetches never loads it. It works synchronously: the page goes to it in pieces
// (html-pieces.ts), with a turn of the event loop between two, where an interrupt or the time bound
// stops it.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type TurndownService from 'turndown';
import { htmlPieces } from './html-pieces.js';

/** The longest a page's conversion goes on: what is converted by then is what the page gives. */
export const CONVERT_MS = 10_000;

let converter: Promise<TurndownService> | undefined;

const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'search', 'complementary']);

async function makeConverter(): Promise<TurndownService> {
  const { default: Turndown } = await import('turndown');
  const service = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' });
  service.remove(['script', 'style', 'noscript', 'nav', 'aside', 'footer', 'form', 'button', 'select', 'svg', 'iframe', 'template', 'canvas', 'head']);
  // navigation marked by its role rather than its tag (docs generators: `<div role="navigation">`), and what the page hides
  service.remove((node) => CHROME_ROLES.has(node.getAttribute('role') ?? '') || node.getAttribute('hidden') !== null);
  // an image is its alt text or nothing: a URL the model cannot look at is noise
  service.addRule('imageAlt', { filter: 'img', replacement: (_c, node) => node.getAttribute('alt')?.trim() ?? '' });
  service.addRule('absoluteLink', {
    filter: (node) => node.nodeName === 'A' && Boolean(node.getAttribute('href')),
    replacement: (content, node) => {
      const text = content.trim();
      const href = node.getAttribute('data-abs-href') ?? '';
      if (!text) return '';
      return href.startsWith('http') ? `[${text}](${href})` : text;
    },
  });
  return service;
}

/** The page's <title>, entities decoded, or undefined. */
export function htmlTitle(html: string): string | undefined {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html.slice(0, 200_000));
  const title = m?.[1] && decodeEntities(m[1]).replace(/\s+/g, ' ').trim();
  return title || undefined;
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : all;
    }
    return named[code.toLowerCase()] ?? all;
  });
}

/** What lies inside the first element of that tag, or undefined when there is none. */
function inner(html: string, tag: string): string | undefined {
  const open = new RegExp(`<${tag}(?:\\s[^>]*)?>`, 'i').exec(html);
  if (!open) return undefined;
  const close = html.toLowerCase().lastIndexOf(`</${tag}>`);
  return close > open.index ? html.slice(open.index + open[0].length, close) : undefined;
}

/** Every href made absolute against the page's URL before turndown sees it (it has no base URL). */
function absoluteHrefs(html: string, base: string): string {
  return html.replace(/(<a\s[^>]*?)href\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi, (all, start: string, _q, d?: string, s?: string, u?: string) => {
    const raw = decodeEntities(d ?? s ?? u ?? '');
    try {
      const abs = new URL(raw, base);
      if (abs.protocol !== 'http:' && abs.protocol !== 'https:') return all;
      return `${start}href="${raw.replace(/"/g, '&quot;')}" data-abs-href="${abs.href.replace(/"/g, '%22')}"`;
    } catch {
      return all;
    }
  });
}

export interface Converted {
  markdown: string;
  /** how many elements lay too deep and lost their tags */
  flattened: number;
  /** the time bound stopped the conversion with this share (0-100) of the HTML converted */
  convertedPercent?: number;
}

/** The page as Markdown; throws the signal's reason when it is aborted. */
export async function htmlToMarkdown(html: string, baseUrl: string, signal?: AbortSignal): Promise<Converted> {
  const main = inner(html, 'main') ?? inner(html, 'article') ?? inner(html, 'body') ?? html;
  converter ??= makeConverter();
  const service = await converter;
  const { pieces, flattened } = htmlPieces(absoluteHrefs(main, baseUrl));
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const deadline = Date.now() + CONVERT_MS;
  const parts: string[] = [];
  let done = 0;
  let convertedPercent: number | undefined;
  for (const piece of pieces) {
    if (parts.length > 0) await nextTurn();
    signal?.throwIfAborted();
    if (Date.now() > deadline) {
      convertedPercent = Math.floor((100 * done) / total);
      break;
    }
    parts.push(service.turndown(piece));
    done += piece.length;
  }
  // turndown pads list markers to four columns; one space reads the same and costs fewer tokens
  const markdown = parts
    .join('\n\n')
    .replace(/^(\s*)(-|\d+\.) {2,}/gm, '$1$2 ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { markdown, flattened, ...(convertedPercent === undefined ? {} : { convertedPercent }) };
}
