// Background jobs in the app, in tmux: the footer counts the running ones, /jobs lists them and stops
// one, an end while tack is idle is shown at once and goes to the model with the next message.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { footer, messagesOf, startApp, stopApps } from './harness.js';
import { hasTmux, inputBox } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const waiting = 'echo serving; while [ ! -e stop-me ]; do sleep 0.1; done; echo finishing; exit 2';

run('background jobs in the app', () => {
  it('the footer counts them, /jobs lists and stops one, an end while idle is shown and sent with the next message', async () => {
    const { term, server, project } = await startApp(
      [
        {
          toolCalls: [
            { name: 'bash', arguments: { command: waiting, run_in_background: true, wait_for: 'serving' } },
            { name: 'bash', arguments: { command: 'echo second one; sleep 1000', run_in_background: true, wait_for: 'second' } },
          ],
        },
        { text: 'Both jobs are up.' },
        { text: 'Noted.' },
      ],
      { args: ['--yolo'] },
    );
    term.type('start the jobs');
    term.keys('Enter');
    await term.waitFor('Both jobs are up.', 20_000);
    expect(footer(await term.waitFor((screen) => footer(screen).includes('2 jobs')))).toContain('2 jobs');

    term.type('/jobs');
    term.keys('Enter');
    const listed = await term.waitFor('Background jobs', 10_000, 'the /jobs list');
    expect(listed).toMatch(/1 {2}running {2}\d+ s {2}echo serving; while/);
    expect(listed).toMatch(/2 {2}running {2}\d+ s {2}echo second one; sleep 1000/);
    expect(listed).toContain('second one');

    term.type('/jobs stop 2');
    term.keys('Enter');
    await term.waitFor('background job 2 stopped', 10_000, 'the stop');
    expect(footer(await term.waitFor((screen) => footer(screen).includes('1 job ')))).toContain('1 job');

    writeFileSync(join(project.dir, 'stop-me'), '');
    const ended = await term.waitFor('background job 1 exited with code 2', 10_000, 'the end notice');
    expect(ended).toContain('last: finishing (the model is told)');
    expect(footer(ended)).not.toContain('job');

    term.type('what happened?');
    term.keys('Enter');
    await term.waitFor('Noted.', 15_000);
    const sent = messagesOf(server.chatRequests()[2]!.body).slice(-3);
    expect(sent[0]).toMatch(
      /^user:\[tack: background job 2 \(echo second one; sleep 1000\) was stopped by the user after \d+ s; its last lines:\nsecond one\]$/,
    );
    expect(sent[1]).toMatch(/^user:\[tack: background job 1 \(echo serving; .*\) exited with code 2 after \d+ s; its last lines:\nserving\nfinishing\]$/);
    expect(sent[2]).toBe('user:what happened?');
  });

  it("Esc while a job's note waits in the queue: the note is not put into the input, and reaches the model with the next message", async () => {
    const { term, server } = await startApp(
      [
        {
          toolCalls: [
            {
              name: 'bash',
              arguments: { command: 'echo up; while [ ! -e go ]; do sleep 0.05; done; echo gone; exit 7', run_in_background: true, wait_for: 'up' },
            },
          ],
        },
        { toolCalls: [{ name: 'bash', arguments: { command: 'touch go; sleep 60' } }] },
        { text: 'After the interruption.' },
      ],
      { args: ['--yolo'] },
    );
    term.type('go');
    term.keys('Enter');
    // the note waits in the queue, shown above the input as what happened, while the foreground command runs
    const queued = await term.waitFor('(the model is told)', 20_000, 'the queued note');
    expect(queued).toMatch(/background job 1 \(echo up; .*exited with code 7/);
    expect(queued).not.toContain('[tack: background job');
    term.keys('Escape');
    const after = await term.waitFor((screen) => !screen.includes('Esc to interrupt'), 15_000, 'the interrupted run');
    expect(inputBox(after)).not.toContain('background job');
    term.type('and now?');
    term.keys('Enter');
    await term.waitFor('After the interruption.', 15_000);
    const sent = messagesOf(server.chatRequests()[2]!.body).slice(-2);
    expect(sent[0]).toMatch(/^user:\[tack: background job 1 \(echo up; .*\) exited with code 7 after \d+ s; its last lines:\nup\ngone\]$/);
    expect(sent[1]).toBe('user:and now?');
  });
});
