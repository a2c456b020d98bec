import { beforeAll, describe, expect, it } from 'vitest';
import { splitFinished } from '../../src/modes/interactive/markdown/blocks.js';
import { highlight, MAX_HIGHLIGHTED_CHARS } from '../../src/modes/interactive/markdown/highlight.js';
import { renderMarkdown } from '../../src/modes/interactive/markdown/render.js';
import { setColorLevel } from '../../src/modes/interactive/text/style.js';
import { stripAnsi } from '../../src/text/escapes.js';
import { width } from '../../src/modes/interactive/text/text.js';

describe('splitFinished (streamed markdown into finished blocks and the rest)', () => {
  it('finishes a block at a blank line', () => {
    expect(splitFinished('First paragraph.\n\nSecond one is still')).toEqual({ done: 'First paragraph.\n\n', rest: 'Second one is still' });
  });

  it('finishes nothing until a blank line arrives', () => {
    expect(splitFinished('One line\nand another')).toEqual({ done: '', rest: 'One line\nand another' });
    expect(splitFinished('One line\n')).toEqual({ done: '', rest: 'One line\n' });
  });

  it('never splits inside a code fence, even at blank lines', () => {
    const text = 'Intro.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n';
    expect(splitFinished(text)).toEqual({ done: 'Intro.\n\n', rest: '```ts\nconst a = 1;\n\nconst b = 2;\n' });
    const closed = `${text}\`\`\`\n\nAfter`;
    expect(splitFinished(closed).rest).toBe('After');
  });

  it('knows tilde fences, longer closing fences, and that a shorter fence does not close', () => {
    expect(splitFinished('~~~\na\n\nb\n~~~\n\nx').rest).toBe('x');
    expect(splitFinished('````\n```\n\nstill code\n').done).toBe('');
    expect(splitFinished('```\ncode\n`````\n\nnext').rest).toBe('next');
  });

  it('takes the last boundary and leaves leading blank lines alone', () => {
    expect(splitFinished('\n\nA\n\nB\n\nC').done).toBe('\n\nA\n\nB\n\n');
    expect(splitFinished('\n\n').done).toBe('');
  });
});

describe('renderMarkdown', () => {
  beforeAll(() => setColorLevel('color'));

  const plain = (md: string, w = 60) => renderMarkdown(md, { width: w, highlight: true }).map(stripAnsi);

  it('renders headings, emphasis, inline code and links without the markup', () => {
    const out = plain('# Title\n\nSome *em*, **bold**, `code` and [docs](https://x.dev).');
    expect(out).toEqual(['Title', '', 'Some em, bold, code and docs (https://x.dev).']);
  });

  it('renders lists with bullets and numbers, nested items indented', () => {
    expect(plain('- one\n- two\n  - deep\n\n1. a\n2. b')).toEqual(['• one', '• two', '  • deep', '', '1. a', '2. b']);
  });

  it('renders tables with borders, fitted to the width', () => {
    const out = plain('| name | value |\n| --- | ---: |\n| alpha | 1 |\n| beta | 22 |', 40);
    expect(out[0]).toMatch(/^┌─+┬─+┐$/);
    expect(out[1]).toMatch(/│ name\s+│ value │/);
    expect(out[3]).toMatch(/│ alpha\s+│\s+1 │/);
    const narrow = plain(`| a | b |\n| - | - |\n| ${'long '.repeat(20)}| x |`, 30);
    for (const line of narrow) expect(width(line)).toBeLessThanOrEqual(30);
  });

  it('wraps every line to the width, wide characters included', () => {
    const out = renderMarkdown(`${'word '.repeat(40)}\n\n${'日本語'.repeat(20)}`, { width: 33, highlight: false });
    expect(out.length).toBeGreaterThan(4);
    for (const line of out) expect(width(line)).toBeLessThanOrEqual(33);
  });

  it('highlights fenced code of a known language, once finished, and keeps the text', () => {
    const lines = renderMarkdown('```ts\nconst x: number = 1; // note\n```', { width: 60, highlight: true });
    expect(lines).toHaveLength(1);
    // the language is a label at the right of the block, not a line of its own
    expect(stripAnsi(lines[0]!)).toMatch(/^ {2}const x: number = 1; \/\/ note +ts$/);
    expect(width(lines[0]!)).toBe(60);
    expect(lines[0]).toContain('\x1b[35mconst\x1b[39m'); // keyword
    const unhighlighted = renderMarkdown('```ts\nconst x = 1;\n```', { width: 60, highlight: false });
    expect(stripAnsi(unhighlighted[0]!)).toMatch(/^ {2}const x = 1; +ts$/);
    // a first line too long for the label gets it above, on the right
    const long = renderMarkdown(`\`\`\`sh\n${'x'.repeat(57)}\n\`\`\``, { width: 60, highlight: false }).map(stripAnsi);
    expect(long[0]).toBe(`${' '.repeat(58)}sh`);
  });

  it('weighs headings in order: each level lighter than the one above', () => {
    const [h1, h2, h3, h4] = ['# A', '## B', '### C', '#### D'].map((src) => renderMarkdown(src, { width: 40, highlight: false })[0]!);
    expect(h1).toContain('\x1b[4m');
    expect(h1).toContain('\x1b[35m');
    expect(h2).toContain('\x1b[35m');
    expect(h2).not.toContain('\x1b[4m');
    expect(h3).toContain('\x1b[1m');
    expect(h3).not.toContain('\x1b[35m');
    expect(h4).toContain('\x1b[2m');
    expect(h3).not.toContain('\x1b[2m');
  });

  it('leaves unknown languages plain and gives each line of highlighted code its own styles', () => {
    expect(highlight('just text', 'no-such-language')).toEqual(['just text']);
    const lines = highlight('/* a\nb */ x < y', 'ts');
    expect(lines.map(stripAnsi)).toEqual(['/* a', 'b */ x < y']);
    expect(lines[1]!.startsWith('\x1b[90m')).toBe(true); // the style is reopened on the next line
  });

  it('prints code too long to highlight safely as it is, whatever the model put in it', () => {
    // unclosed tags: what Prism's markup grammar takes quadratic time on
    const hostile = '<a b="'.repeat(MAX_HIGHLIGHTED_CHARS / 6 + 1);
    expect(highlight(hostile, 'html')).toEqual([hostile]);
    expect(highlight('<a b="c">', 'html')[0]).toContain('\x1b[');
    const lines = renderMarkdown(`\`\`\`ts\n${'const x = 1;\n'.repeat(2500)}\`\`\``, { width: 60, highlight: true });
    expect(lines.join('\n')).not.toContain('\x1b[35mconst');
  });

  it('leaves names that are not languages plain, Prism helpers and prototype names included', () => {
    for (const name of ['extend', 'insertBefore', 'DFS', '__proto__', 'constructor', 'toString', '../x', 'a b']) {
      expect(highlight('const x = 1;', name)).toEqual(['const x = 1;']);
    }
  });

  it('uses no colour under NO_COLOR and no escapes at all on a dumb terminal', () => {
    setColorLevel('attributes');
    const a = renderMarkdown('**bold** and `code`\n\n```ts\nconst x = 1;\n```', { width: 40, highlight: true });
    expect(a.join('\n')).not.toMatch(/\x1b\[3[0-9]m/);
    expect(a.join('\n')).toContain('\x1b[1m');
    setColorLevel('none');
    const n = renderMarkdown('**bold** and `code`\n\n- item', { width: 40, highlight: true });
    expect(n.join('\n')).not.toContain('\x1b');
    expect(n).toContain('- item');
    setColorLevel('color');
  });
});
