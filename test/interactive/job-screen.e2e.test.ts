// What the screen says of a background job, in tmux: its question shows the command once with the
// wait it does, and offers to allow exactly that command (never `node` alone); the results show the
// user's version (no directions written for the model); job_stop is reported once; a "no" reads as
// the user's answer, not as the model's instructions.
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, stopApps, toolResults } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const server = `node -e "console.log('serving'); setInterval(() => console.log('tick'), 200)"`;

run('a background job on screen', () => {
  it('asks once about the command with its wait, allows it exactly, and shows the user what happened', async () => {
    const { term, server: s } = await startApp(
      [
        { toolCalls: [{ name: 'bash', arguments: { command: server, run_in_background: true, wait_for: 'serving', wait_timeout: 20 } }] },
        { toolCalls: [{ name: 'job_output', arguments: { job_id: 1 } }] },
        { toolCalls: [{ name: 'job_stop', arguments: { job_id: 1 } }] },
        { toolCalls: [{ name: 'bash', arguments: { command: `node -e "console.log('other')"` } }] },
        { text: 'All done.' },
      ],
      { cols: 120, rows: 40 },
    );
    term.type('start the server');
    term.keys('Enter');
    const question = await term.waitFor('Run this command in the background', 20_000, 'the job question');
    expect(question.split(server).length - 1).toBe(1);
    expect(question).toContain('then waits for a line matching /serving/ (at most 20 s); the job keeps running after');
    expect(question).toContain("Always allow exactly `node -e \"console.log('serving'); setInterval(()…` this session (a)");
    expect(question).not.toContain('`node …`');
    term.type('a');

    // another node program is asked about: the answer allowed that command, not node
    const second = await term.waitFor(`$ node -e "console.log('other')"`, 20_000, 'the second question');
    expect(second).toContain(`Always allow exactly \`node -e "console.log('other')"\``);
    term.keys('Escape');
    term.keys('Enter');
    await term.waitFor('All done.', 20_000);

    const shown = term.history(true);
    expect(shown).toContain('runs in the background as job 1 (/jobs lists it, /jobs stop 1 ends it)');
    expect(shown).toContain('✓ job_output job 1');
    expect(shown).toContain('✓ job_stop job 1');
    expect(shown).toContain('(you said no)');
    // what was written for the model stays with the model
    for (const modelText of ['[job 1 runs in the background', '[output up to byte', 'ask them how to proceed', 'refused by the user'])
      expect(shown).not.toContain(modelText);
    // job_stop's result says it stopped; no second notice says it again
    expect(shown).not.toContain('background job 1 stopped');
    expect(shown.match(/job 1 stopped/g)).toHaveLength(1);

    // the model still reads every word of it
    const told = s.chatRequests().at(-1)!;
    const results = toolResults(told).join('\n');
    expect(results).toContain('[job 1 runs in the background: read its output with job_output');
    expect(results).toMatch(/\[output up to byte \d+ of \d+/);
    expect(results).toContain('refused by the user; ask them how to proceed instead of retrying it');
  }, 90_000);
});
