// What a tool or a server sends never reaches the terminal raw: an OSC title sequence and a screen
// clear in a command's output and in the model's text are drawn harmlessly, and the pane title stays.
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, stopApps } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const title = (socket: string) => spawnSync('tmux', ['-L', socket, 'display-message', '-p', '-t', '0', '#{pane_title}'], { encoding: 'utf8' }).stdout.trim();

run('escape sequences from outside', () => {
  it("a command's output and the model's text cannot retitle or clear the terminal", async () => {
    const { term } = await startApp(
      [
        { toolCalls: [{ name: 'bash', arguments: { command: "printf 'before \\033]2;PWNED-BY-TOOL\\007 after\\n\\033[2J\\033[H'" } }] },
        { text: 'done \x1b]2;PWNED-BY-MODEL\x07 here' },
      ],
      { args: ['--yolo'] },
    );
    const socket = (term as unknown as { socket: string }).socket;
    const before = title(socket);
    term.type('print it');
    term.keys('Enter');
    const screen = await term.waitFor('done', 10_000, 'the answer');
    expect(screen).toContain('before');
    expect(screen).toContain('print it');
    expect(title(socket)).toBe(before);
    expect(title(socket)).not.toContain('PWNED');
  });
});
