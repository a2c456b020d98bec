// Which errors an edit introduced, and the note that tells the model: pure.
import { describe, expect, it } from 'vitest';
import { describeIntroduced, fromLsp, fromTsserver, introduced, NOTE_LIMIT, type Problem } from '../../src/lsp/problems.js';

const p = (line: number, message: string, code = 'TS2322'): Problem => ({ line, column: 1, message, code });

describe('introduced', () => {
  it('an error the file had before, moved by the edit, is not new; a second of its kind is', () => {
    const before = [p(3, 'Type string is not assignable to type number.')];
    const after = [p(5, 'Type string is not assignable to type number.'), p(9, 'Type string is not assignable to type number.')];
    expect(introduced(before, after)).toEqual([after[1]]);
  });

  it('nothing new when the edit fixed or kept errors', () => {
    expect(introduced([p(1, 'a'), p(2, 'b')], [p(2, 'b')])).toEqual([]);
    expect(introduced([], [])).toEqual([]);
  });
});

describe('reading servers', () => {
  it('keeps errors only, 1-based, with TypeScript codes named as tsc names them', () => {
    const lsp = fromLsp([
      { range: { start: { line: 0, character: 6 } }, message: 'bad', severity: 1, code: 2322, source: 'typescript' },
      { range: { start: { line: 4, character: 0 } }, message: 'unused', severity: 2, code: 'x' },
      { range: { start: { line: 1, character: 2 } }, message: 'no severity', code: 'reportX' },
    ]);
    expect(lsp).toEqual([
      { line: 1, column: 7, message: 'bad', code: 'TS2322' },
      { line: 2, column: 3, message: 'no severity', code: 'reportX' },
    ]);
    const ts = fromTsserver([
      { start: { line: 2, offset: 5 }, text: 'bad', code: 2322, category: 'error' },
      { start: { line: 3, offset: 1 }, text: 'hint', code: 80001, category: 'suggestion' },
    ]);
    expect(ts).toEqual([{ line: 2, column: 5, message: 'bad', code: 'TS2322' }]);
  });
});

describe('the note', () => {
  it('names file:line:column, the message and its code; nothing when there is nothing', () => {
    expect(describeIntroduced('src/a.ts', 'tsls', [p(2, "Type 'string' is not assignable to type 'number'.\n  more")])).toBe(
      "tsls reports an error this change introduced:\nsrc/a.ts:2:1: Type 'string' is not assignable to type 'number'. [TS2322]",
    );
    expect(describeIntroduced('a.ts', 'tsls', [])).toBeUndefined();
  });

  it(`stays within ${NOTE_LIMIT} characters and counts what it left out`, () => {
    const many = Array.from({ length: 40 }, (_, i) => p(i + 1, `error number ${i} ${'x'.repeat(60)}`));
    const note = describeIntroduced('src/deep/file.ts', 'tsls', many)!;
    expect(note.length).toBeLessThanOrEqual(NOTE_LIMIT);
    expect(note).toMatch(/… and \d+ more$/);
    expect(note.split('\n')[0]).toBe('tsls reports 40 errors this change introduced:');
  });
});
