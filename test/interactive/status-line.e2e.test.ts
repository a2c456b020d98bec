// The status line in a real terminal: Claude Code's `statusLine` setting, from tack's settings or
// Claude's user settings, its command given the session as JSON and its lines shown under the input;
// a failing or hanging command said once, in one line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject } from '../support/cli.js';
import { startApp, stopApps } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

// prints what a script written for Claude Code reads, and tack's own facts: one sed over the one-line
// JSON, so it answers well inside the status line's second however busy the machine
const SCRIPT = [
  "sed -n 'h",
  's/.*"model":{"id":"\\([^"]*\\)".*"current_dir":"\\([^"]*\\)".*/model=\\1 dir=\\2/p',
  'g',
  's/.*"session_id":"\\([0-9a-f]\\{8\\}\\)[^"]*".*"context_window_size":\\([0-9]*\\).*"approval_mode":"\\([^"]*\\)".*/mode=\\3 window=\\2 session=\\1/p',
  "'",
].join('\n');

/** The lines between the input's bottom rule and the footer. */
const underInput = (screen: string): string[] => {
  const lines = screen.trimEnd().split('\n');
  const rules = lines.map((l, i) => (/^─{20,}/.test(l.trim()) ? i : -1)).filter((i) => i >= 0);
  return lines.slice(rules.at(-1)! + 1, -1);
};

run('the status line', () => {
  it("shows the command's lines under the input, with the model's id and the folder it was given, and follows the mode", async () => {
    const project = makeProject();
    writeFileSync(join(project.home, 'status.sh'), SCRIPT);
    writeFileSync(join(project.home, 'config.json'), JSON.stringify({ statusLine: { type: 'command', command: `sh ${join(project.home, 'status.sh')}` } }));
    const { term } = await startApp([{ text: 'Hello.' }], { project, cols: 80, rows: 24 });
    let screen = await term.waitFor('model=mock-model', 10_000, 'the status line');
    expect(underInput(screen)[0]).toBe(`model=mock-model dir=${project.dir}`.slice(0, 79) + (`model=mock-model dir=${project.dir}`.length > 80 ? '…' : ''));
    expect(underInput(screen)[1]).toMatch(/^mode=ask window=128000 session=[0-9a-f]{8}$/);
    term.keys('BTab');
    screen = await term.waitFor('mode=auto-edit', 10_000, 'the status line after Shift+Tab');
    expect(underInput(screen)[1]).toMatch(/^mode=auto-edit /);
  });

  it("takes Claude Code's user settings when tack's name none, with its padding", async () => {
    const project = makeProject();
    mkdirSync(join(project.home, '..', '.claude'), { recursive: true });
    writeFileSync(
      join(project.home, '..', '.claude', 'settings.json'),
      JSON.stringify({ statusLine: { type: 'command', command: 'echo from-claude', padding: 2 } }),
    );
    const { term } = await startApp([], { project, cols: 80, rows: 24 });
    const screen = await term.waitFor('from-claude', 10_000, "Claude's status line");
    expect(underInput(screen)).toEqual(['  from-claude']);
  });

  it('a failing command is said once, in one line, and a hanging one is stopped', async () => {
    const project = makeProject();
    writeFileSync(join(project.home, 'config.json'), JSON.stringify({ statusLine: { type: 'command', command: 'echo boom >&2; exit 3' } }));
    const { term } = await startApp([{ text: 'One.' }, { text: 'Two.' }], { project, cols: 80, rows: 24 });
    await term.waitFor('exited with status 3: boom', 10_000, 'the failure');
    term.type('again');
    term.keys('Enter');
    await term.waitFor('One.', 10_000, 'an answer');
    term.type('and again');
    term.keys('Enter');
    const screen = await term.waitFor('Two.', 10_000, 'another answer');
    expect(screen.split("the status line's command failed").length - 1).toBe(1);

    const hanging = makeProject();
    writeFileSync(join(hanging.home, 'config.json'), JSON.stringify({ statusLine: { type: 'command', command: 'sleep 30' } }));
    const other = await startApp([], { project: hanging, cols: 80, rows: 24 });
    await other.term.waitFor('took longer than 1 s and was stopped', 10_000, 'the hanging command stopped');
  });
});
