// Plain paragraphs, told apart without a markdown parser: a long answer is mostly prose, and marked
// lexes every character of it (block rules, then the inline rules at each position) to find
// nothing. A block of lines that start with a letter and hold none of markdown's marks renders as
// marked would render it: its text, wrapped. Anything else, or a source that could change what a
// plain block means (HTML, link definitions), goes to marked as before.
import { stepFence, type FenceState } from './blocks.js';

/** One top-level block of a source: plain prose, or markdown for the parser. */
export interface SourceBlock {
  plain: boolean;
  text: string;
}

// A line: starts with an ASCII letter (not a list, heading, quote, fence, table, HTML or indented
// code), has none of the characters of emphasis, code, links, images, escapes, entities, HTML,
// strikethrough, tables and autolinks (`:` for URLs, `@` for e-mail), no tab or CR, and does not
// end in a space (a hard line break).
const PLAIN_LINE = /^[A-Za-z][^`*_[\]<>!\\&~|:@\t\r\n]*$/;

const WWW = /www\./i;

function isPlain(lines: readonly string[]): boolean {
  for (const line of lines) {
    // GFM's www. autolinks need no `:`
    if (!PLAIN_LINE.test(line) || line.endsWith(' ') || WWW.test(line)) return false;
  }
  return lines.length > 0;
}

/**
 * The source as its top-level blocks (split at blank lines outside code fences), with runs of
 * non-plain blocks kept together so marked sees them as they were written. Undefined when the
 * source holds HTML or link reference definitions: then all of it goes to marked.
 */
export function splitPlainBlocks(source: string): SourceBlock[] | undefined {
  if (/^ {0,3}</m.test(source) || /^ {0,3}\[[^\]]*\]:/m.test(source)) return undefined;
  const out: SourceBlock[] = [];
  const fence: FenceState = { open: null };
  let current: string[] = [];
  const end = () => {
    if (current.length === 0) return;
    const plain = isPlain(current);
    const text = current.join('\n');
    const last = out[out.length - 1];
    if (!plain && last && !last.plain) last.text += `\n\n${text}`;
    else out.push({ plain, text });
    current = [];
  };
  for (const line of source.split('\n')) {
    const wasOpen = fence.open !== null;
    stepFence(fence, line);
    if (!wasOpen && fence.open === null && line.trim() === '') end();
    else current.push(line);
  }
  end();
  return out;
}
