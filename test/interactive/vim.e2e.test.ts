// Vim keys in a real terminal: "editorMode": "vim" in the settings, the mode shown under the input,
// normal-mode edits before sending, /vim turning them off and keeping that in the settings.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject } from '../support/cli.js';
import { messagesOf, startApp, stopApps } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

/** The input's line (its bottom rule carries vim's mode, so it is found by the prompt mark). */
const typed = (screen: string): string => screen.split('\n').find((l) => l.startsWith('›')) ?? '';

function vimProject() {
  const project = makeProject();
  writeFileSync(join(project.home, 'config.json'), JSON.stringify({ editorMode: 'vim' }));
  return project;
}

run('vim keys in the input', () => {
  it('typing, Esc, 0, dw, i and Enter sends the text without its first word', async () => {
    const { term, server } = await startApp([{ text: 'Noted.' }], { project: vimProject(), cols: 80, rows: 24 });
    let screen = await term.waitFor('-- INSERT --', 5_000, 'the insert mode shown');
    term.type('please fix the login bug');
    await term.waitFor('please fix the login bug');
    term.keys('Escape');
    screen = await term.waitFor('-- NORMAL --', 5_000, 'normal mode');
    term.type('0');
    term.type('dw');
    screen = await term.waitFor((x) => typed(x) === '› fix the login bug', 5_000, 'the first word deleted');
    term.type('i');
    await term.waitFor('-- INSERT --', 5_000, 'insert mode again');
    term.keys('Enter');
    await term.waitFor('Noted.', 10_000, 'the answer');
    const sent = messagesOf(server.chatRequests()[0]!.body).filter((m) => m.startsWith('user:'));
    expect(sent.at(-1)).toBe('user:fix the login bug');
    // after sending, the input is back in insert mode
    screen = await term.waitFor('-- INSERT --', 5_000, 'insert mode after sending');
    expect(screen).not.toContain('-- NORMAL --');
  });

  it('/vim turns them off and keeps it in the settings; Esc while tack works still interrupts', async () => {
    const project = vimProject();
    const { term } = await startApp([{ hang: true }], { project, cols: 80, rows: 24 });
    await term.waitFor('-- INSERT --');
    term.type('go');
    term.keys('Enter');
    await term.waitFor('Esc interrupts', 10_000, 'the run');
    // the input is empty: Esc interrupts at once, in insert mode as in normal mode
    term.keys('Escape');
    await term.waitFor((x) => !x.includes('Esc interrupts'), 5_000, 'the run interrupted');
    term.type('/vim');
    term.keys('Enter');
    // the notice, and no mode under the input any more (one frame may show the first before the second)
    await term.waitFor((x) => x.includes('vim keys off') && !x.includes('-- INSERT --') && !x.includes('-- NORMAL --'), 5_000, 'vim keys off');
    expect(JSON.parse(readFileSync(join(project.home, 'config.json'), 'utf8'))).toEqual({ editorMode: 'normal' });
  });
});
