// A resize while a long fenced code block streams (issue 37: one code line was printed twice):
// 80x24 → 100x30 → 80x24 during a 300-line block, and every line is in the scrollback once.
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, stopApps } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const count = (text: string, part: string) => text.split(part).length - 1;
const lines = Array.from({ length: 300 }, (_, i) => `const value${i} = compute(${i}); // line ${i} of the block`);
const answer = ['Here is the file:', '', '```ts', ...lines, '```', '', 'That is all.'].join('\n');

run('a resize while a code block streams', () => {
  it('80x24 → 100x30 → 80x24 mid-block: each code line once in the scrollback', { timeout: 90_000 }, async () => {
    const { term } = await startApp([{ text: answer, chunkSize: 16, delayMs: 3 }], { cols: 80, rows: 24 });
    term.type('write it');
    term.keys('Enter');
    await term.waitFor('line 60 of', 20_000);
    await term.resizeWhileStopped(100, 30);
    await term.waitFor('line 150 of', 20_000);
    await term.resizeWhileStopped(80, 24);
    // the end is looked for in the scrollback too: after the resizes the answer's last line may sit
    // just above the screen's top, with the idle input box alone on screen
    await term.waitFor((s) => !s.includes('Esc to interrupt') && term.history(true).includes('That is all.'), 30_000, 'the end of the answer');
    const history = term.history(true);
    // a copy cut short counts too: each line's start is there once
    const twice = lines.map((_, i) => `const value${i} = `).filter((start) => count(history, start) !== 1);
    expect(twice, history).toEqual([]);
  });
});
