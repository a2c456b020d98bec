// /rewind and /undo in the app (issue 16): the chooser, the diff summary before anything is written,
// files and conversation restored, the message back in the input.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inputBox } from './tmux.js';
import { messagesOf, startApp, stopApps } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const agentTurn = {
  toolCalls: [
    { name: 'bash', arguments: { command: "printf 'the agent rewrote this\\n' > notes.txt" } },
    { name: 'write', arguments: { path: 'new.txt', content: 'made by the agent\n' } },
  ],
};

run('rewind in the app', () => {
  it('Esc twice lists the prompts; restoring code and conversation shows the diff first, then puts the prompt back', async () => {
    const { term, server, project } = await startApp([agentTurn, { text: 'changed the notes' }, { text: 'second try answered' }], {
      files: { 'notes.txt': 'original notes\r\n' },
      args: ['--yolo'],
    });
    term.type('rewrite the notes');
    term.keys('Enter');
    await term.waitFor('changed the notes', 15_000);
    term.keys('Escape');
    term.keys('Escape');
    const list = await term.waitFor('Rewind to before which message?', 10_000, 'the rewind chooser');
    await term.waitFor(/rewrite the notes {2}· 1 changed, 1 new since/, 10_000, 'the checkpoint with its summary');
    expect(list).not.toContain('files rewound');
    term.keys('Enter');
    const plan = await term.waitFor('the files, if restored:', 10_000, 'the diff summary');
    expect(plan).toMatch(/restore +notes\.txt/);
    expect(plan).toMatch(/delete +new\.txt/);
    expect(readFileSync(join(project.dir, 'notes.txt'), 'utf8')).toBe('the agent rewrote this\n');
    term.keys('Enter');
    const done = await term.waitFor('files rewound to checkpoint 1', 10_000);
    expect(done).toContain('conversation cut back to before checkpoint 1');
    expect(readFileSync(join(project.dir, 'notes.txt'), 'utf8')).toBe('original notes\r\n');
    expect(existsSync(join(project.dir, 'new.txt'))).toBe(false);
    expect(inputBox(done)).toContain('rewrite the notes');
    term.type(' again');
    term.keys('Enter');
    await term.waitFor('second try answered', 15_000);
    const sent = messagesOf(server.chatRequests()[2]!.body).filter((m) => !m.startsWith('system:'));
    expect(sent).toEqual(['user:rewrite the notes again']);
  });

  it('/undo puts back the files of the last prompt only, after showing what it will do', async () => {
    const { term, project } = await startApp([{ text: 'nothing changed' }, agentTurn, { text: 'changed the notes' }], {
      files: { 'notes.txt': 'original notes\n' },
      args: ['--yolo'],
    });
    term.type('just talk');
    term.keys('Enter');
    await term.waitFor('nothing changed', 15_000);
    term.type('rewrite the notes');
    term.keys('Enter');
    await term.waitFor('changed the notes', 15_000);
    expect(readFileSync(join(project.dir, 'notes.txt'), 'utf8')).toBe('the agent rewrote this\n');
    term.type('/undo');
    term.keys('Enter');
    const plan = await term.waitFor('the files, if restored:', 10_000, 'the diff summary');
    expect(plan).toContain('Checkpoint 2');
    expect(plan).toMatch(/› Restore code only/);
    term.keys('Enter');
    await term.waitFor('files rewound to checkpoint 2', 10_000);
    expect(readFileSync(join(project.dir, 'notes.txt'), 'utf8')).toBe('original notes\n');
    expect(existsSync(join(project.dir, 'new.txt'))).toBe(false);
    // a second /undo has nothing left to put back, and says so rather than offer it
    term.type('/undo');
    term.keys('Enter');
    const again = await term.waitFor('nothing to undo', 10_000, 'the second /undo');
    expect(again).toContain('nothing to undo: the files are as they were before your last prompt');
    expect(again).not.toContain('the files, if restored:');
  });
});
