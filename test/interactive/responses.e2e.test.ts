// The interactive app with a reasoning model over the Responses API: its reasoning summary shows
// as thinking above the answer, and the answer after it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject } from '../support/cli.js';
import { startApp, stopApps } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

run('Responses API in the app', () => {
  it('shows the reasoning summary as thinking (folded once finished, Ctrl+O prints it), then the answer', async () => {
    const project = makeProject();
    writeFileSync(join(project.home, 'config.json'), JSON.stringify({ providers: { openai: { api: 'responses' } } }));
    const { term, server } = await startApp([{ reasoning: 'Weighing the two options carefully.', text: 'Take the second one.' }], { project, model: 'gpt-5' });
    term.type('which one?');
    term.keys('Enter');
    const screen = await term.waitFor('Take the second one.');
    expect(screen).toMatch(/✻ thought for \d+ s\n[\s\S]*Take the second one\./);
    term.keys('C-o');
    await term.waitFor(/thinking\n\s+Weighing the two options carefully\./, 5_000, 'the thinking in full');
    expect(server.responsesRequests()).toHaveLength(1);
    expect(server.chatRequests()).toHaveLength(0);
  });
});
