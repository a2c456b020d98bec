// Ink as the frame printer, in a real terminal: a CI job's environment (CI=true), under which Ink on
// its own prints no live region, and which the agent's commands must still see.
import { afterEach, describe, expect, it } from 'vitest';
import { inputBox } from './tmux.js';
import { hasTmux } from './tmux.js';
import { startApp, stopApps, toolResults } from './harness.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

run('Ink under CI=true', () => {
  it('draws the live region (the input box shows what is typed), and the commands the agent runs see CI=true', async () => {
    const { term, server } = await startApp([{ toolCalls: [{ name: 'bash', arguments: { command: 'printenv CI' } }] }, { text: 'the command ran' }], {
      env: { CI: 'true', CONTINUOUS_INTEGRATION: 'true' },
    });
    term.type('typed into the box');
    await term.waitFor((s) => inputBox(s).includes('typed into the box'), 10_000, 'the input box');
    term.keys('C-u');
    term.type('run it');
    term.keys('Enter');
    await term.waitFor('the command ran', 15_000);
    expect(toolResults(server.chatRequests()[1]!).join('')).toContain('true');
  });
});
