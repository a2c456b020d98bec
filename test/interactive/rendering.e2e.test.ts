// What the terminal gets while a long answer streams: every finished block printed once (the
// scrollback included), and no full-screen clear after the first frame, through resizes.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, stopApps } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;

afterEach(stopApps);

const count = (text: string, part: string) => text.split(part).length - 1;
// eslint-disable-next-line no-control-regex
const CLEAR = /\x1b\[[23]J/;
// eslint-disable-next-line no-control-regex
const COLOR = /\x1b\[(?:[0-9;]*;)?(?:3[0-8]|9[0-7]|4[0-8]|10[0-7])(?:;[0-9;]*)?m/;

const paragraphs = Array.from({ length: 60 }, (_, i) => `Paragraph marker-${i}: ${'the streamed words wrap at the edge '.repeat(4)}end.`);
// A long code block in the middle: while it streams, the live region is as tall as the terminal allows.
const code = ['```ts', ...Array.from({ length: 50 }, (_, i) => `const line${i} = ${i};`), '```'].join('\n');
const answer = [...paragraphs.slice(0, 30), code, ...paragraphs.slice(30)].join('\n\n');

function expectEachOnce(history: string): void {
  expect(count(history, '· mock-model ·'), 'the header').toBe(1);
  for (let i = 0; i < 60; i++) expect(count(history, `marker-${i}:`), `marker-${i}`).toBe(1);
  expect(count(history, 'const line0 = 0;')).toBe(1);
  expect(count(history, 'const line49 = 49;')).toBe(1);
  expect(count(history, '› write it')).toBe(1);
}

run('rendering a long answer', () => {
  it('prints each block once and never clears the screen, through a narrower and a wider terminal', { timeout: 240_000 }, async () => {
    const { term } = await startApp([{ text: answer, chunkSize: 8, delayMs: 2 }]);
    const raw = join(mkdtempSync(join(tmpdir(), 'tack-render-')), 'out.bin');
    term.record(raw);
    term.type('write it');
    term.keys('Enter');
    await term.waitFor('marker-12:', 60_000);
    await term.resizeWhileStopped(80, 40);
    await term.waitFor('const line20 =', 60_000);
    await term.resizeWhileStopped(120, 40);
    await term.waitFor('marker-45:', 60_000);
    await term.resizeWhileStopped(100, 40);
    await term.waitFor((s) => s.includes('marker-59:') && !s.includes('Esc to interrupt'), 90_000, 'the end of the answer');
    expectEachOnce(term.history());
    const written = readFileSync(raw, 'latin1');
    expect(written).not.toMatch(CLEAR);
    // The tests run with NO_COLOR: bold and such, but no colour.
    expect(written).toMatch(/\x1b\[1m/);
    expect(written).not.toMatch(COLOR);
  });

  it('on quit mid-answer, the finished blocks stay (once) and the live region goes', async () => {
    const { term } = await startApp([{ text: paragraphs.join('\n\n'), chunkSize: 8, delayMs: 5 }]);
    term.type('write it');
    term.keys('Enter');
    await term.waitFor('marker-20:', 60_000);
    term.type('/quit');
    term.keys('Enter');
    const screen = await term.waitFor('EXIT:0', 10_000);
    const history = term.history();
    const seen = [...history.matchAll(/marker-(\d+):/g)].map((m) => Number(m[1]));
    expect(seen.length).toBeGreaterThanOrEqual(20);
    expect(seen).toEqual(seen.map((_, i) => i));
    expect(screen).not.toContain('Esc to interrupt');
    expect(screen).not.toMatch(/^─{20,}$/m);
  }, 120_000);

  // Ink clears the screen and the scrollback when the terminal gets shorter than its frame: the
  // header printed before Ink and the transcript are put back, and the frame after the clear fits.
  it('keeps the header and the transcript, once, when the terminal gets shorter than the live region', async () => {
    const { term } = await startApp([{ text: answer, chunkSize: 8, delayMs: 2 }]);
    term.type('write it');
    term.keys('Enter');
    // The code block fills the live region; then the terminal loses half its height.
    await term.waitFor('const line30 =', 60_000);
    term.resize(120, 20);
    await term.waitFor((s) => s.includes('marker-59:') && !s.includes('Esc to interrupt'), 90_000, 'the end of the answer');
    expectEachOnce(term.history());
  }, 240_000);
});
