// /goal in the app, in a real terminal: the footer shows the goal and its last result, the check's
// failure goes to the model, and the work ends when the check passes; /goal alone shows it, clear drops it.
import { afterEach, describe, expect, it } from 'vitest';
import { footer, startApp, stopApps } from '../interactive/harness.js';
import { hasTmux, inputBox } from '../interactive/tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const FILES = {
  'add.js': 'module.exports = (a, b) => a - b;\n',
  'test.js': "const add = require('./add.js');\nif (add(2, 3) !== 5) { console.error('FAIL: add(2, 3) gave ' + add(2, 3)); process.exit(1); }\n",
};

run('/goal in the app', () => {
  it('checks at once, sends the failure to the model, ends when the check passes, and shows it in the footer', async () => {
    const { term, server } = await startApp(
      [
        { toolCalls: [{ name: 'read', arguments: { path: 'add.js' } }] },
        { toolCalls: [{ name: 'write', arguments: { path: 'add.js', content: 'module.exports = (a, b) => a + b;\n' } }] },
        { text: 'Fixed the sign in add.js.' },
      ],
      { files: FILES, args: ['--approval', 'auto-edit'], cols: 140 },
    );
    term.type('/goal node test.js');
    term.keys('Enter');
    const screen = await term.waitFor('goal met: `node test.js` exited with 0 (check 2)', 30_000, 'the goal met');
    expect(footer(screen)).toContain('goal node test.js ✓');
    // the first check's failure was the model's message, naming the command, with its output
    const first = server.chatRequests()[0]!.body.messages.at(-1);
    expect(first.content).toContain("The goal's check `node test.js` exited with 1");
    expect(first.content).toContain('FAIL: add(2, 3) gave -1');
    expect(server.chatRequests()).toHaveLength(3);

    term.type('/goal');
    term.keys('Enter');
    await term.waitFor('its last check passed (check 2)', 5_000, '/goal showing the goal');
    term.type('/goal clear');
    term.keys('Enter');
    const cleared = await term.waitFor((x) => x.includes('goal cleared') && !inputBox(x).includes('/goal'), 5_000, 'the goal cleared');
    expect(footer(cleared)).not.toContain('goal node test.js');
  });

  it('a check that never passes stops after the tries, and the footer says so', async () => {
    const { term } = await startApp(
      [1, 2].flatMap((i) => [{ toolCalls: [{ name: 'write', arguments: { path: `note${i}.txt`, content: `${i}` } }] }, { text: `Done (${i}).` }]),
      { files: FILES, args: ['--approval', 'auto-edit', '--until-tries', '2'], cols: 140 },
    );
    term.type('/goal node test.js');
    term.keys('Enter');
    const screen = await term.waitFor('goal not met: `node test.js` still fails (it exited with 1) after 2 failed checks', 30_000, 'the goal given up');
    expect(footer(screen)).toContain('goal node test.js ✗ 2/2 stopped');
  });
});
