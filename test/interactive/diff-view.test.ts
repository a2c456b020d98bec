// Diffs as the best tools draw them (issue 20): red and green bands across the width, the changed
// words marked, the code in its syntax colours, printed once — in the answered question — so an
// approved edit's result is a single line that Ctrl+O expands.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stripAnsi } from '../../src/text/escapes.js';
import { setColorLevel } from '../../src/modes/interactive/text/style.js';
import { width } from '../../src/modes/interactive/text/text.js';
import { renderAnsweredEdit } from '../../src/modes/interactive/view/answered-question.js';
import { renderDiff } from '../../src/modes/interactive/view/diff-view.js';
import { renderToolCall, type ToolCallView } from '../../src/modes/interactive/view/tool-view.js';
import type { ApprovalRequest } from '../../src/session/permissions/prompter.js';

const REMOVED_BAND = '\x1b[48;5;52m';
const REMOVED_WORD = '\x1b[48;5;88m';
const ADDED_BAND = '\x1b[48;5;22m';
const ADDED_WORD = '\x1b[48;5;28m';

const diff = ['--- a/calc.ts', '+++ b/calc.ts', '@@ -1,3 +1,3 @@', ' function add(a: number, b: number) {', '-  return a - b;', '+  return a + b;', ' }'].join(
  '\n',
);

/** The text drawn on `bg` in a styled line: what a mark covers. */
function onBackground(line: string, bg: string): string {
  let out = '';
  let on = false;
  for (let i = 0; i < line.length; ) {
    const m = /^\x1b\[([0-9;]*)m/.exec(line.slice(i));
    if (m) {
      if (m[0] === bg) on = true;
      else if (m[1]!.startsWith('48;') || m[1] === '49' || m[1] === '0') on = false;
      i += m[0].length;
      continue;
    }
    if (on) out += line[i];
    i++;
  }
  return out;
}

describe('diff view', () => {
  beforeEach(() => setColorLevel('color'));
  afterEach(() => setColorLevel('color'));

  it('draws removed and added lines on bands as wide as the view', () => {
    const lines = renderDiff(diff, 60, 20, 'calc.ts');
    expect(lines[1]).toContain(REMOVED_BAND);
    expect(lines[2]).toContain(ADDED_BAND);
    expect(width(lines[1]!)).toBe(60);
    expect(width(lines[2]!)).toBe(60);
    expect(lines[0]).not.toContain(REMOVED_BAND);
    expect(lines[0]).not.toContain(ADDED_BAND);
  });

  it('marks only the words that changed inside a changed line', () => {
    const lines = renderDiff(diff, 60, 20, 'calc.ts');
    expect(onBackground(lines[1]!, REMOVED_WORD)).toBe('-');
    expect(onBackground(lines[2]!, ADDED_WORD)).toBe('+');
  });

  it('does not mark words in a line that was rewritten rather than edited', () => {
    const rewrite = ['@@ -1 +1 @@', '-const total = items.length;', '+throw new Error("nope");'].join('\n');
    const lines = renderDiff(rewrite, 60, 20, 'x.js');
    expect(lines[0]).not.toContain(REMOVED_WORD);
    expect(lines[1]).not.toContain(ADDED_WORD);
  });

  it("colours the code in its language's syntax, keyed by the file's extension", () => {
    const keyword = '\x1b[35mreturn';
    expect(renderDiff(diff, 60, 20, 'calc.ts')[2]).toContain(keyword);
    expect(renderDiff(diff, 60, 20, 'notes.unknownext')[2]).not.toContain(keyword);
    // a string opened on one line is still a string on the next: each side is highlighted as one piece
    const multi = ['@@ -1,2 +1,2 @@', ' const s = `one', '-two`;', '+three`;'].join('\n');
    const plainText = renderDiff(multi, 60, 20, 'a.js');
    expect(plainText[2]).toMatch(/\x1b\[32m[^\n]*three/);
  });

  it('without colour, changed words are underlined and nothing else is styled but the context', () => {
    setColorLevel('attributes');
    const lines = renderDiff(diff, 60, 20, 'calc.ts');
    expect(lines[1]).toBe('  2 -   return a \x1b[4m-\x1b[24m b;');
    expect(lines[1]).not.toContain('\x1b[48');
  });

  it('shows control characters in a changed line, never sends them to the terminal', () => {
    const hostile = ['@@ -1 +1 @@', '-x = 1', '+x = 1\x1b[2J\x07'].join('\n');
    const line = renderDiff(hostile, 60, 20, 'a.py')[1]!;
    expect(line).not.toContain('\x1b[2J');
    expect(line).not.toContain('\x07');
  });
});

describe('an edit approved in a question', () => {
  beforeEach(() => setColorLevel('color'));
  const request: ApprovalRequest = {
    toolCallId: 'c1',
    tool: 'edit',
    args: { path: 'calc.ts' },
    kind: 'edit',
    summary: 'Edit calc.ts',
    reason: 'changing files asks in the ask mode',
    diff,
    choices: [],
  };
  const done: ToolCallView = {
    id: 'c1',
    name: 'edit',
    args: { path: 'calc.ts' },
    status: 'done',
    result: { content: [{ type: 'text', text: 'Edited calc.ts' }], details: { diff, added: 1, removed: 1 } },
  };

  it('is kept in the scrollback with its answer and the diff the user saw', () => {
    const lines = renderAnsweredEdit(request, { answer: 'yes' }, 80).map((l) => stripAnsi(l).trimEnd());
    expect(lines).toEqual([
      '? Edit calc.ts · yes',
      '    1   function add(a: number, b: number) {',
      '    2 -   return a - b;',
      '    2 +   return a + b;',
      '    3   }',
    ]);
    expect(stripAnsi(renderAnsweredEdit(request, { answer: 'no', reason: 'keep minus' }, 80)[0]!)).toBe('? Edit calc.ts · no: keep minus');
  });

  it('then has a one-line result, and Ctrl+O shows the whole diff', () => {
    expect(renderToolCall({ ...done, diffShown: true }, 80).map(stripAnsi)).toEqual(['✓ edit calc.ts +1 -1']);
    const expanded = renderToolCall({ ...done, diffShown: true }, 80, { expanded: true }).map((l) => stripAnsi(l).trimEnd());
    expect(expanded).toContain('    2 +   return a + b;');
    // an edit nobody was asked about (auto-edit) shows its diff under the result
    expect(renderToolCall(done, 80).map((l) => stripAnsi(l).trimEnd())).toContain('    2 -   return a - b;');
  });
});
