// How an attached file is written into a message, and read back from it for the transcript (live
// or resumed), so the message itself is the record of what was attached. Pure.
import type { ImageContent, TextContent } from '../../ai/types.js';

export interface AttachedFile {
  /** as shown: relative to the workspace */
  path: string;
  kind: 'text' | 'image';
  /** the file's size, in words ("3.2 KB") */
  size: string;
  /** set when only the start of a text file went: where it was cut */
  cut?: string;
}

const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
const unattr = (value: string) => value.replaceAll('&quot;', '"').replaceAll('&amp;', '&');

/** A text file's part: its (bounded) text inside a tag naming it; a cut file says where, inside too. */
export function filePart(f: AttachedFile, text: string, cutSentence?: string): TextContent {
  const open = `<file path="${attr(f.path)}" size="${attr(f.size)}"${f.cut ? ` cut="${attr(f.cut)}"` : ''}>`;
  const body = text && !text.endsWith('\n') ? `${text}\n` : text;
  return { type: 'text', text: `${open}\n${body}${cutSentence ? `[${cutSentence}]\n` : ''}</file>` };
}

/** The words before an image part, so the model can tell the user's images apart. */
export function imageLabel(f: AttachedFile, mimeType: string): TextContent {
  return { type: 'text', text: `<image path="${attr(f.path)}" size="${attr(f.size)}" type="${attr(mimeType)}">` };
}

const TAG = /^<(file|image) path="([^"]*)" size="([^"]*)"(?: cut="([^"]*)")?/;

/** The files a message's parts attached (after the typed text, which is its first part). */
export function attachedFiles(content: string | readonly (TextContent | ImageContent)[]): AttachedFile[] {
  if (typeof content === 'string') return [];
  const out: AttachedFile[] = [];
  for (const part of content.slice(1)) {
    const m = part.type === 'text' ? TAG.exec(part.text) : null;
    if (!m) continue;
    out.push({ path: unattr(m[2]!), kind: m[1] === 'image' ? 'image' : 'text', size: unattr(m[3]!), ...(m[4] ? { cut: unattr(m[4]) } : {}) });
  }
  return out;
}
