// What a response's body says, as text: HTML becomes Markdown, JSON and plain text pass through,
// and a PDF, an image or any other binary is refused in one sentence (there is no text to give).
import { formatSize } from '../format.js';
import { MAX_DEPTH } from './html-pieces.js';
import { CONVERT_MS, type Converted, htmlTitle, htmlToMarkdown } from './html-to-markdown.js';

export type PageText =
  | {
      ok: true;
      text: string;
      title?: string;
      kind: 'html' | 'json' | 'text';
      /** the HTML was cut at this many characters before it was converted */
      cutAt?: number;
      /** what the conversion left out, in sentences */
      notes?: string[];
    }
  | { ok: false; refusal: string };

/** The most HTML converted: about 2 s a megabyte here. Documentation pages are far smaller. */
export const HTML_MAX_CHARS = 2_000_000;

const TEXTUAL =
  /^(text\/|application\/(json|xml|xhtml\+xml|javascript|ecmascript|x-javascript|ld\+json|x-ndjson|yaml|x-yaml|toml|x-sh)\b|application\/[\w.-]+\+(json|xml)\b)/i;

function charsetOf(contentType: string, body: Buffer): string {
  const declared = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  if (declared) return declared;
  const meta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 4096).toString('latin1'))?.[1];
  return meta ?? 'utf-8';
}

function decode(body: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function looksBinary(body: Buffer): boolean {
  return body.subarray(0, 8000).includes(0);
}

function notesOn(converted: Converted): string[] {
  const notes: string[] = [];
  if (converted.flattened > 0) notes.push(`the page's elements nest deeper than ${MAX_DEPTH} levels: those deeper were flattened (their text is kept)`);
  if (converted.convertedPercent !== undefined) {
    notes.push(`converting the page took longer than ${CONVERT_MS / 1000} s: only about the first ${converted.convertedPercent}% of it was converted`);
  }
  return notes;
}

/** What the body says; throws the signal's reason when it is aborted during the conversion. */
export async function pageText(body: Buffer, contentType: string, url: string, signal?: AbortSignal): Promise<PageText> {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const size = formatSize(body.length);
  if (type === 'application/pdf' || body.subarray(0, 5).toString('latin1') === '%PDF-') {
    return { ok: false, refusal: `${url} is a PDF (${size}); fetch reads only HTML, JSON and text, so find an HTML version of it` };
  }
  if ((type && !TEXTUAL.test(type)) || looksBinary(body)) {
    return { ok: false, refusal: `${url} is not text (${type || 'binary'}, ${size}); fetch reads only HTML, JSON and text` };
  }
  const text = decode(body, charsetOf(contentType, body));
  const html = type === 'text/html' || type === 'application/xhtml+xml' || (!type && /^\s*<(!doctype html|html)/i.test(text));
  if (html) {
    const cutAt = text.length > HTML_MAX_CHARS ? HTML_MAX_CHARS : undefined;
    const converted = await htmlToMarkdown(text.slice(0, HTML_MAX_CHARS), url, signal);
    return { ok: true, kind: 'html', title: htmlTitle(text), text: converted.markdown, cutAt, notes: notesOn(converted) };
  }
  return { ok: true, kind: type.includes('json') ? 'json' : 'text', text };
}
