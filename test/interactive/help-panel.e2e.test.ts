// `?` and /help: the keys and commands in a panel that scrolls and goes away, leaving nothing in the
// transcript (it used to print some 50 lines there).
import { afterEach, describe, expect, it } from 'vitest';
import { footer, startApp, stopApps } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const TITLE = 'Keys and commands';

run('the help panel', () => {
  it('? opens it, PgDn scrolls to the commands, Esc closes it and the transcript holds none of it', async () => {
    const { term } = await startApp([], { rows: 24, cols: 100 });
    term.type('?');
    let screen = await term.waitFor(TITLE, 5_000, 'the panel');
    expect(screen).toContain('Alt+Enter');
    expect(screen).not.toContain('/compact');
    expect(screen).toMatch(/1–\d+ of \d+/);
    term.keys('PageDown');
    term.keys('PageDown');
    term.keys('PageDown');
    screen = await term.waitFor(/37–48 of \d+/, 5_000, 'the commands, scrolled to');
    expect(screen).toContain('/rewind');
    expect(screen).not.toContain('Alt+Enter');
    term.keys('Escape');
    screen = await term.waitFor((x) => !x.includes(TITLE), 5_000, 'the panel closed');
    expect(term.history()).not.toContain('delivered when tack is done');
    expect(footer(screen)).toMatch(/\? for keys$/);
  });

  it('/help opens the same panel; typing closes it and goes on into the input', async () => {
    const { term } = await startApp([{ text: 'answered' }]);
    term.type('/help');
    term.keys('Enter');
    await term.waitFor(TITLE, 5_000, 'the panel');
    term.type('hi there');
    await term.waitFor((x) => !x.includes(TITLE) && x.includes('hi there'), 5_000, 'the text in the input');
    term.keys('Enter');
    await term.waitFor('answered', 10_000, 'the answer');
    const history = term.history();
    expect(history).not.toContain('delivered when tack is done');
  });
});
