// The approval question on a short terminal (issue 37): the change wins the space before the
// title, the reason and the context; what is hidden is counted; PgUp/PgDn and Space page it.
import { beforeAll, describe, expect, it } from 'vitest';
import { ApprovalPrompt, type OpenQuestion } from '../../src/modes/interactive/app/approval-prompt.js';
import { keyCommand } from '../../src/modes/interactive/input/keymap.js';
import { KeyParser } from '../../src/modes/interactive/input/keys.js';
import { setColorLevel } from '../../src/modes/interactive/text/style.js';
import { renderQuestion } from '../../src/modes/interactive/view/approval-view.js';
import { detailWindow, hiddenMarker, openingLine } from '../../src/modes/interactive/view/detail-window.js';
import { firstChange } from '../../src/modes/interactive/view/diff-view.js';
import type { ApprovalRequest } from '../../src/session/permissions/index.js';
import { stripAnsi } from '../../src/text/escapes.js';

beforeAll(() => setColorLevel('color'));

const CHOICES: ApprovalRequest['choices'] = [
  { label: 'Yes', key: 'y', answer: { answer: 'yes' } },
  {
    label: "Yes, and don't ask again for totals.js this session",
    key: 'f',
    answer: { answer: 'always', scope: { kind: 'path', path: '/p/totals.js', access: 'edit' } },
  },
  { label: 'No (Esc), optionally telling the model why', key: 'n', answer: { answer: 'no' } },
];

/** An edit of line 10 of a 20-line file: three lines of context each side. */
const middleEdit: ApprovalRequest = {
  toolCallId: 'c1',
  tool: 'edit',
  args: { path: 'totals.js' },
  kind: 'edit',
  summary: 'Edit totals.js',
  reason: 'Changing files asks in the ask mode',
  diff: [
    '--- a/totals.js',
    '+++ b/totals.js',
    '@@ -7,7 +7,7 @@',
    ' const line7 = 7;',
    ' const line8 = 8;',
    ' const line9 = 9;',
    '-export const total = price - tax;',
    '+export const total = price + tax;',
    ' const line11 = 11;',
    ' const line12 = 12;',
    ' const line13 = 13;',
    '',
  ].join('\n'),
  choices: CHOICES,
};

const longWrite: ApprovalRequest = {
  ...middleEdit,
  summary: 'Write report.txt',
  args: { path: 'report.txt' },
  diff: `--- a/report.txt\n+++ b/report.txt\n@@ -0,0 +1,42 @@\n${Array.from({ length: 42 }, (_, i) => `+report line ${i + 1}`).join('\n')}\n`,
};

const open = (request: ApprovalRequest, page?: number): OpenQuestion => ({ request, selected: 0, reason: null, page });
const view = (q: OpenQuestion, rows: number) => renderQuestion(q, 80, rows).map(stripAnsi);

describe('a question on a short terminal', () => {
  for (const rows of [4, 5, 6, 7, 8, 10, 12]) {
    it(`at ${rows} lines: the removed and the added line, the choices, and what is hidden`, () => {
      const lines = view(open(middleEdit), rows);
      expect(lines.length).toBeLessThanOrEqual(rows);
      expect(lines.some((l) => /10 - export const total = price - tax;/.test(l))).toBe(true);
      expect(lines.some((l) => /10 \+ export const total = price \+ tax;/.test(l))).toBe(true);
      expect(lines.some((l) => l.includes('Yes (y)'))).toBe(true);
      const shown = lines.filter((l) => /^\s+\d+ [-+ ] /.test(l)).length;
      if (shown < 8) expect(lines.some((l) => l.includes(`… ${8 - shown} more line`))).toBe(true);
    });
  }

  it('the changed lines come before the title and the reason', () => {
    const lines = view(open(middleEdit), 8);
    expect(lines.some((l) => l.includes('Changing files asks'))).toBe(false);
    expect(lines).toContain('? Edit totals.js');
    expect(view(open(middleEdit), 40)).toContain('  Changing files asks in the ask mode');
  });

  it('a long reason that does not fit is one line ending in "…", not its first words as if whole', () => {
    const long = { ...middleEdit, reason: `Changing files asks in the ask mode ${'and this goes on '.repeat(8)}` };
    const lines = view(open(long), 14);
    expect(lines.filter((l) => l.startsWith('  Changing files'))).toEqual([expect.stringMatching(/…$/)]);
  });

  it('pages through a long write: the last line shows after paging, and a page past the end costs no key back', () => {
    const q = open(longWrite, 0);
    const first = view(q, 12);
    expect(first.some((l) => l.includes('report line 1'))).toBe(true);
    expect(first.some((l) => /… \d+ more lines: PgDn\/Space to read them/.test(l))).toBe(true);
    q.page = 100;
    const last = view(q, 12);
    expect(last.some((l) => /42 \+ report line 42/.test(l))).toBe(true);
    expect(last.some((l) => /↑ \d+ more lines above: PgUp/.test(l))).toBe(true);
    const end = q.page;
    q.page = end - 1;
    expect(view(q, 12).some((l) => /42 \+ report line 42/.test(l))).toBe(false);
  });
});

describe('a replacement longer than the screen', () => {
  const replace: ApprovalRequest = {
    ...middleEdit,
    summary: 'Write notes.txt',
    args: { path: 'notes.txt' },
    diff: `--- a/notes.txt\n+++ b/notes.txt\n@@ -1,5 +1,42 @@\n${[1, 2, 3, 4, 5].map((i) => `-old ${i}`).join('\n')}\n${Array.from({ length: 42 }, (_, i) => `+new ${i + 1}`).join('\n')}\n`,
  };

  for (const rows of [6, 8, 12]) {
    it(`at ${rows} lines opens where the removed lines meet the added ones: both show`, () => {
      const lines = view(open(replace), rows);
      expect(lines.some((l) => /5 - old 5/.test(l))).toBe(true);
      expect(lines.some((l) => /1 \+ new 1$/.test(l.trimEnd()))).toBe(true);
      expect(lines.some((l) => /\(\d+ above, \d+ below\): PgUp\/PgDn/.test(l))).toBe(true);
    });
  }

  it('PgUp goes back to the first removed line, and no further', () => {
    const q = open(replace, -100);
    expect(view(q, 8).some((l) => /1 - old 1/.test(l))).toBe(true);
    expect(q.page).toBe(-2);
  });
});

describe('the window of a change', () => {
  const lines = Array.from({ length: 10 }, (_, i) => `l${i}`);

  it('shows everything that fits, with no marker', () => {
    expect(detailWindow(lines, 10, 0, 0)).toEqual({ lines, above: 0, below: 0, page: 0 });
  });

  it('opens on the change, context shared around it, and counts what is hidden on each side', () => {
    expect(openingLine({ at: 6, length: 2 }, 4)).toBe(5);
    const w = detailWindow(lines, 5, 5, 0);
    expect(w.lines.map(stripAnsi)).toEqual(['l5', 'l6', 'l7', 'l8', '… 6 more lines (5 above, 1 below): PgUp/PgDn']);
    expect(firstChange(middleEdit.diff!)).toEqual({ at: 3, length: 2, added: 4 });
  });

  it('says which key shows the hidden lines', () => {
    expect(hiddenMarker(0, 1)).toBe('… 1 more line: PgDn/Space to read them');
    expect(hiddenMarker(3, 0)).toBe('↑ 3 more lines above: PgUp');
  });
});

describe('paging keys', () => {
  const press = (prompt: ApprovalPrompt, data: string, inputEmpty = true) => {
    const parser = new KeyParser();
    return parser.feed(data).map((ev) => prompt.handle(keyCommand(ev), inputEmpty));
  };

  it('PgDn and PgUp page the question; Space pages while nothing is typed, and is typed otherwise', () => {
    const prompt = new ApprovalPrompt(() => {});
    void prompt.ask(longWrite, new AbortController().signal);
    expect(press(prompt, '\x1b[6~')).toEqual([true]);
    expect(prompt.current?.page).toBe(1);
    expect(press(prompt, ' ')).toEqual([true]);
    expect(prompt.current?.page).toBe(2);
    expect(press(prompt, '\x1b[5~')).toEqual([true]);
    expect(prompt.current?.page).toBe(1);
    expect(press(prompt, ' ', false)).toEqual([false]);
    expect(prompt.current?.page).toBe(1);
    // after "no", while the reason is typed: PgUp still pages, Space is typed
    press(prompt, 'n');
    expect(press(prompt, '\x1b[5~ ')).toEqual([true, true]);
    expect(prompt.current?.page).toBe(0);
    expect(prompt.current?.reason?.text).toBe(' ');
  });
});
