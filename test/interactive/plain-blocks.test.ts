// Plain prose skips marked: the lines must be exactly what marked's rendering gives, for prose
// and for everything that only looks like it.
import { describe, expect, it } from 'vitest';
import { splitPlainBlocks } from '../../src/modes/interactive/markdown/plain-blocks.js';
import { renderMarkdown, renderParsed } from '../../src/modes/interactive/markdown/render.js';

function random(seed: number) {
  return (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) % n;
  };
}

const WORDS =
  'the agent reads files and runs commands while you type corrections Between steps it edits code 42 times (twice) "quoted" it\'s a-b c+d e=f 100% #tag $5 ^up ?why /path http www'.split(
    ' ',
  );
const MARKS = [
  '`x`',
  '*em*',
  '_u_',
  '[l](u)',
  '<b>',
  '!',
  '\\*',
  '&amp;',
  '~~s~~',
  'a|b',
  'x:y',
  'a@b.co',
  'www.x.org',
  '\t',
  '**b**',
  'https://x.org',
  '&lt;',
];

/** Prose with, now and then, something markdown reads differently. */
function paragraph(rnd: (n: number) => number): string {
  const lines: string[] = [];
  for (let l = 0; l < 1 + rnd(4); l++) {
    const words = Array.from({ length: 3 + rnd(14) }, () => (rnd(30) === 0 ? MARKS[rnd(MARKS.length)]! : WORDS[rnd(WORDS.length)]!));
    let line = words.join(' ');
    if (rnd(15) === 0) line = `${' '.repeat(1 + rnd(5))}${line}`;
    if (rnd(15) === 0) line += ' '.repeat(1 + rnd(2));
    if (rnd(20) === 0) line = ['- ', '1. ', '# ', '> ', '| ', '    '][rnd(6)] + line;
    lines.push(line);
  }
  if (rnd(20) === 0) lines.push(rnd(2) ? '===' : '---');
  return lines.join('\n');
}

function block(rnd: (n: number) => number): string {
  switch (rnd(8)) {
    case 0:
      return '```ts\nconst a = 1;\n\nplain words inside a fence\n```';
    case 1:
      return `- item one\n- item ${paragraph(rnd)}`;
    case 2:
      return `## Heading ${rnd(100)}`;
    case 3:
      return `> quoted ${paragraph(rnd)}`;
    default:
      return paragraph(rnd);
  }
}

describe('plain prose without marked', () => {
  it('renders 2,000 generated documents exactly as marked does', () => {
    const rnd = random(11);
    let fast = 0;
    for (let i = 0; i < 2000; i++) {
      const doc = Array.from({ length: 1 + rnd(6) }, () => block(rnd)).join(rnd(4) === 0 ? '\n\n\n' : '\n\n');
      const width = 20 + rnd(100);
      if (splitPlainBlocks(doc)?.some((b) => b.plain)) fast++;
      expect(renderMarkdown(doc, { width, highlight: false }), doc).toEqual(renderParsed(doc, { width, highlight: false }));
    }
    // about 600 documents hold some plain prose: the fast path was really taken
    expect(fast).toBeGreaterThan(400);
  });

  it('takes prose as plain and leaves every markdown mark to marked', () => {
    expect(splitPlainBlocks('The agent reads files.\nThen it edits them, twice (or more).')).toEqual([
      { plain: true, text: 'The agent reads files.\nThen it edits them, twice (or more).' },
    ]);
    for (const mark of MARKS) expect(splitPlainBlocks(`word ${mark} word`)?.[0]?.plain, mark).toBe(false);
    for (const start of ['- a', '1. a', '# a', '> a', '    a', '| a |', '```', ' a']) expect(splitPlainBlocks(start)?.[0]?.plain, start).toBe(false);
    expect(splitPlainBlocks('a hard break  \nnext')?.[0]?.plain).toBe(false);
  });

  it('keeps a fence with blank lines in it whole, and sends HTML and link definitions all to marked', () => {
    expect(splitPlainBlocks('```\ncode\n\nplain inside\n```\n\nprose after')).toEqual([
      { plain: false, text: '```\ncode\n\nplain inside\n```' },
      { plain: true, text: 'prose after' },
    ]);
    expect(splitPlainBlocks('<!--\n\nhidden prose\n\n-->')).toBeUndefined();
    expect(splitPlainBlocks('see [the docs]\n\n[the docs]: https://example.org')).toBeUndefined();
  });
});
