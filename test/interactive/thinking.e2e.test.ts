// /thinking in a real terminal: shows the level and the choices, sets it, and the next request
// of a reasoning model carries it as reasoning_effort.
import { afterEach, describe, expect, it } from 'vitest';
import { footer, startApp, stopApps } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

run('/thinking', () => {
  it('shows the level, sets it (footer), and the next request of gpt-5 carries reasoning_effort', async () => {
    const { term, server } = await startApp([{ text: 'thought hard' }, { text: 'thought less' }], { model: 'gpt-5' });
    term.type('/thinking');
    term.keys('Enter');
    await term.waitFor('thinking: off (choices: off, low, medium, high');
    term.type('/thinking extreme');
    term.keys('Enter');
    await term.waitFor('/thinking takes one of off, low, medium, high, not "extreme"');
    term.type('/thinking high');
    term.keys('Enter');
    await term.waitFor((s) => footer(s).startsWith('thinking high ·'), 5_000, 'the footer to show the level');
    term.type('think about it');
    term.keys('Enter');
    await term.waitFor('thought hard');
    expect(server.chatRequests()[0]!.body.reasoning_effort).toBe('high');
    term.type('/thinking off');
    term.keys('Enter');
    await term.waitFor((s) => !footer(s).includes('thinking'), 5_000, 'the level gone from the footer');
    term.type('now quickly');
    term.keys('Enter');
    await term.waitFor('thought less');
    expect(server.chatRequests()[1]!.body).not.toHaveProperty('reasoning_effort');
  });

  it("a model not known to reason: a note when it is set, and the model layer's one-time note in the transcript", async () => {
    const { term, server } = await startApp([{ text: 'plain answer' }]);
    term.type('/thinking medium');
    term.keys('Enter');
    await term.waitFor('mock-model is not known to take a thinking level, so it may be ignored');
    term.type('hello');
    term.keys('Enter');
    const screen = await term.waitFor('plain answer');
    // shown in the transcript (stderr would land on top of the app's screen)
    expect(screen).toContain('thinking level medium ignored');
    expect(server.chatRequests()[0]!.body).not.toHaveProperty('reasoning_effort');
  });
});
