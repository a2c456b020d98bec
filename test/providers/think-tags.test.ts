// Inline <think>…</think> reasoning, cut at every possible place across chunks.
import { describe, expect, it } from 'vitest';
import { ThinkTagSplitter, type Piece } from '../../src/ai/openai/think-tags.js';

function split(chunks: string[]): { thinking: string; text: string; order: string[] } {
  const splitter = new ThinkTagSplitter();
  const pieces: Piece[] = [...chunks.flatMap((c) => splitter.push(c)), ...splitter.flush()];
  const join = (kind: Piece['kind']) =>
    pieces
      .filter((p) => p.kind === kind)
      .map((p) => p.text)
      .join('');
  const order = pieces.map((p) => p.kind).filter((k, i, all) => k !== all[i - 1]);
  return { thinking: join('thinking'), text: join('text'), order };
}

/** Every way to cut `s` into two or three chunks. */
function* cuts(s: string): Generator<string[]> {
  for (let i = 0; i <= s.length; i++) {
    yield [s.slice(0, i), s.slice(i)];
    for (let j = i; j <= s.length; j += 3) yield [s.slice(0, i), s.slice(i, j), s.slice(j)];
  }
}

describe('ThinkTagSplitter', () => {
  it('splits thinking from the answer wherever the chunks are cut', () => {
    const content = '\n<think>\nLet me see: 2 + 3.\n</think>\n\nIt is 5.';
    for (const chunks of cuts(content)) {
      expect(split(chunks), JSON.stringify(chunks)).toEqual({ thinking: 'Let me see: 2 + 3.', text: 'It is 5.', order: ['thinking', 'text'] });
    }
  });

  it('keeps a partial closing tag inside the thinking when it turns out not to be one', () => {
    expect(split(['<think>a </thi', 'ng> b</think>ok'])).toEqual({ thinking: 'a </thing> b', text: 'ok', order: ['thinking', 'text'] });
  });

  it('leaves plain answers, and tags that come later, as text', () => {
    expect(split(['Hello ', 'world'])).toMatchObject({ thinking: '', text: 'Hello world' });
    expect(split(['<', 'b>bold</b>'])).toMatchObject({ thinking: '', text: '<b>bold</b>' });
    expect(split(['Say <think>', ' then </think>'])).toMatchObject({ thinking: '', text: 'Say <think> then </think>' });
    expect(split(['<thin'])).toMatchObject({ thinking: '', text: '<thin' });
  });

  it('treats an unclosed <think> as thinking to the end', () => {
    expect(split(['<think>still going', '...'])).toEqual({ thinking: 'still going...', text: '', order: ['thinking'] });
  });

  it('streams thinking as it comes, holding back only what could be a tag', () => {
    const splitter = new ThinkTagSplitter();
    expect(splitter.push('<think>abc</')).toEqual([{ kind: 'thinking', text: 'abc' }]);
    expect(splitter.push('think>')).toEqual([]);
    expect(splitter.push('\n\nAnswer')).toEqual([{ kind: 'text', text: 'Answer' }]);
  });
});
