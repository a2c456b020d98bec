import { describe, expect, it } from 'vitest';
import { PartialJsonParser, parseToolArguments } from '../../src/ai/partial-json.js';

function feedAll(text: string, size: number): PartialJsonParser {
  const parser = new PartialJsonParser();
  for (let i = 0; i < text.length; i += size) parser.feed(text.slice(i, i + size));
  return parser;
}

const DOCUMENTS: unknown[] = [
  {},
  { path: 'src/a.ts', offset: 10, limit: -2.5e3 },
  { content: 'line 1\nline "2"\t\\ end /', unicode: 'é 日本 😀', empty: '' },
  { nested: { list: [1, [2, []], { deep: [true, false, null] }], obj: {} }, n: 0 },
  {
    edits: [
      { old_text: 'a', new_text: 'b' },
      { old_text: '{"x": [1]}', new_text: '' },
    ],
  },
];

describe('PartialJsonParser', () => {
  it.each([1, 2, 3, 7, 1000])('ends with exactly what JSON.parse gives, fed in fragments of %i', (size) => {
    for (const doc of DOCUMENTS) {
      // Escape non-ASCII too, so \u escapes (and surrogate pairs) get split across fragments.
      const text = JSON.stringify(doc, null, 1).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      expect(feedAll(text, size).value()).toEqual(doc);
    }
  });

  it('gives a best-effort object while the text is incomplete', () => {
    const parser = new PartialJsonParser();
    const seen: unknown[] = [];
    for (const fragment of ['{"pa', 'th": "src/', 'a.ts", "limit": 1', '2, "tags": ["x", "y', '"], "ok": tr', 'ue}']) {
      parser.feed(fragment);
      seen.push(structuredClone(parser.value()));
    }
    expect(seen).toEqual([
      {},
      { path: 'src/' },
      { path: 'src/a.ts', limit: 1 },
      { path: 'src/a.ts', limit: 12, tags: ['x', 'y'] },
      { path: 'src/a.ts', limit: 12, tags: ['x', 'y'] },
      { path: 'src/a.ts', limit: 12, tags: ['x', 'y'], ok: true },
    ]);
  });

  it('returns one live object that grows in place', () => {
    const parser = new PartialJsonParser();
    parser.feed('{"a": "x');
    const first = parser.value();
    parser.feed('yz"}');
    expect(parser.value()).toBe(first);
    expect(first).toEqual({ a: 'xyz' });
  });

  it('keeps what it had when the text turns malformed, and never throws', () => {
    const parser = new PartialJsonParser();
    parser.feed('{"path": "a", "x": ');
    parser.feed('oops, "y": 1}');
    expect(parser.value()).toEqual({ path: 'a' });
    parser.feed('{"more": 2}');
    expect(parser.value()).toEqual({ path: 'a' });
  });

  it('never throws on arbitrary input', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = '{}[]":,\\u0aZ-1.eE tfn \n';
    for (let run = 0; run < 500; run++) {
      const parser = new PartialJsonParser();
      for (let f = 0; f < 10; f++) {
        const fragment = Array.from({ length: Math.floor(random() * 6) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
        parser.feed(fragment); // a throw fails the test
      }
      expect(typeof parser.value()).toBe('object');
    }
  });

  it('gives {} for a non-object top-level value', () => {
    expect(feedAll('[1, 2]', 2).value()).toEqual({});
    expect(feedAll('"text"', 2).value()).toEqual({});
  });

  it('adds a "__proto__" key as data, as JSON.parse does', () => {
    const value = feedAll('{"__proto__": {"polluted": true}}', 4).value();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  // its speed (O(fragment) per fragment) is measured in bench/partial-json.bench.mjs, not asserted here
  it('parses 2 MB of string with escapes in 8-character fragments, read after every fragment', () => {
    const content = 'abcdefg\\n'.repeat(230_000); // ~2 MB of JSON text with escapes
    const text = `{"path": "big.txt", "content": "${content}"}`;
    const parser = new PartialJsonParser();
    for (let i = 0; i < text.length; i += 8) {
      parser.feed(text.slice(i, i + 8));
      parser.value(); // a consumer looking at the arguments after every fragment
    }
    expect((parser.value().content as string).length).toBe(230_000 * 8);
  });
});

describe('parseToolArguments', () => {
  it('treats an empty or blank string as no arguments', () => {
    expect(parseToolArguments('')).toEqual({ ok: true, value: {} });
    expect(parseToolArguments('  ')).toEqual({ ok: true, value: {} });
  });

  it('parses an object', () => {
    expect(parseToolArguments('{"a": [1]}')).toEqual({ ok: true, value: { a: [1] } });
  });

  it('explains invalid JSON and non-objects', () => {
    const truncated = parseToolArguments('{"path": "a');
    expect(truncated.ok).toBe(false);
    expect(!truncated.ok && truncated.error).toMatch(/JSON|string/i);
    expect(parseToolArguments('[1]')).toEqual({ ok: false, error: 'arguments must be a JSON object, got an array' });
    expect(parseToolArguments('null')).toEqual({ ok: false, error: 'arguments must be a JSON object, got null' });
  });
});
