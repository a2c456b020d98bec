// Nothing approved unseen (issue 37): on a short terminal the edit question gives its lines to the
// change (a removed and an added line, before the title and the reason), says how many lines are
// hidden, and PgDn pages through a long change before the answer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, stopApps } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

/** A 20-line file whose change sits in the middle, three lines of context around it. */
const TOTALS = Array.from({ length: 20 }, (_, i) => (i === 9 ? 'export const total = price - tax;' : `const line${i + 1} = ${i + 1};`)).join('\n') + '\n';
/** The write the model asks for: 42 lines, the last one marked. */
const REPORT = Array.from({ length: 42 }, (_, i) => (i === 41 ? 'LAST LINE OF THE REPORT' : `report line ${i + 1}`)).join('\n') + '\n';

const hidden = (screen: string): number | undefined => {
  const m = /… (\d+) more lines?/.exec(screen) ?? /↑ (\d+) more lines? above/.exec(screen);
  return m ? Number(m[1]) : undefined;
};
/** How many lines the question says are above its window (0 when none). */
const above = (screen: string): number => Number(/\((\d+) above,/.exec(screen)?.[1] ?? /↑ (\d+) more lines? above/.exec(screen)?.[1] ?? 0);

for (const [cols, rows] of [
  [80, 14],
  [80, 18],
  [120, 40],
] as const) {
  run(`the edit question at ${cols}x${rows}`, () => {
    it('shows the removed and the added line, says what is hidden, and PgDn shows the rest of a long write before the answer', async () => {
      const { term, project } = await startApp(
        [
          { toolCalls: [{ name: 'edit', arguments: { path: 'totals.js', old_text: 'price - tax', new_text: 'price + tax' } }] },
          { toolCalls: [{ name: 'write', arguments: { path: 'report.txt', content: REPORT } }] },
          { text: 'Both done.' },
        ],
        { files: { 'totals.js': TOTALS }, cols, rows },
      );
      term.type('fix the total and write the report');
      term.keys('Enter');
      const edit = await term.waitFor(/\(n\)/, 10_000, 'the edit question');
      expect(edit).toMatch(/10 -\s+export const total = price - tax;/);
      expect(edit).toMatch(/10 \+\s+export const total = price \+ tax;/);
      // the diff has 3 lines of context each side: what does not fit is counted, not dropped silently
      const shown = (edit.match(/^\s+\d+ [-+ ] /gm) ?? []).length;
      if (shown < 8) expect(hidden(edit)).toBe(8 - shown);
      term.type('y');

      let screen = await term.waitFor(/report line 1\b/, 10_000, 'the write question');
      expect(screen).not.toContain('LAST LINE OF THE REPORT');
      expect(screen).toMatch(/… \d+ more lines: PgDn/);
      const shownLines = (screen.match(/^\s+\d+ \+ report line/gm) ?? []).length;
      expect(hidden(screen)).toBe(42 - shownLines);
      // page down until the last line shows; each press moves the window further
      for (let presses = 0; !screen.includes('LAST LINE OF THE REPORT'); presses++) {
        expect(presses).toBeLessThan(42);
        const before = above(screen);
        term.keys('PageDown');
        screen = await term.waitFor((s) => above(s) > before, 5_000, 'the next page');
      }
      expect(screen).toMatch(/42 \+\s+LAST LINE OF THE REPORT/);
      expect(screen).toContain('Yes (y)');
      term.type('y');
      await term.waitFor('Both done.', 10_000, 'the answer');
      expect(readFileSync(join(project.dir, 'report.txt'), 'utf8')).toBe(REPORT);
      expect(readFileSync(join(project.dir, 'totals.js'), 'utf8')).toContain('price + tax');
    });
  });
}
