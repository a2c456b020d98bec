// Focus reports (CSI ?1004h) are what "notify when unfocused" hears: tack asks for them while it has
// the terminal, gives them up while an editor has it, and turns them off on the way out. In tmux the
// notification is the bell plus the outer terminal's own, wrapped for tmux's passthrough.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, stopApps } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const ON = '\x1b[?1004h';
const OFF = '\x1b[?1004l';

run('focus reports', () => {
  it('are off while the editor runs, on again after it, and off when tack quits', async () => {
    const { term, project } = await startApp([], { env: { EDITOR: 'true', VISUAL: 'true' } });
    const log = join(project.home, 'pane.log');
    term.record(log);
    term.type('draft');
    term.keys('C-g');
    await term.waitFor(
      (screen) => readFileSync(log, 'latin1').lastIndexOf(ON) > readFileSync(log, 'latin1').indexOf(OFF) && screen.includes('draft'),
      10_000,
      'the app back',
    );
    term.keys('C-u');
    term.type('/quit');
    term.keys('Enter');
    await term.waitFor('EXIT:0', 10_000, 'the exit');
    const bytes = readFileSync(log, 'latin1');
    const off = bytes.indexOf(OFF);
    const on = bytes.indexOf(ON, off);
    expect(off).toBeGreaterThanOrEqual(0);
    expect(on).toBeGreaterThan(off);
    expect(bytes.lastIndexOf(OFF)).toBeGreaterThan(on);
  });

  it("in tmux, an unfocused pane gets the bell and the outer terminal's notification wrapped for passthrough", async () => {
    // iTerm2 leaves LC_TERMINAL for the programs tmux starts; tmux sets TERM_PROGRAM to itself
    const { term, project } = await startApp([{ text: 'an answer' }], { env: { LC_TERMINAL: 'iTerm2', TERM_PROGRAM: 'tmux' } });
    const log = join(project.home, 'pane.log');
    term.record(log);
    term.bytes('1b', '5b', '4f'); // what tmux sends when the pane loses focus
    term.type('one');
    term.keys('Enter');
    await term.waitFor('an answer', 10_000, 'the answer');
    await term.waitFor(() => readFileSync(log, 'latin1').includes('\x1bPtmux;'), 5_000, 'the notification');
    expect(readFileSync(log, 'latin1')).toContain('\x07\x1bPtmux;\x1b\x1b]9;tack: done, waiting for you\x07\x1b\\');
  });
});
