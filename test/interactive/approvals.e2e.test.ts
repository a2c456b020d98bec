// Approvals in a real terminal: an edit asks with its diff, "no" with a reason reaches the model,
// "always" for a command prefix ends the questions about it, Shift+Tab changes the mode.
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CALC_BUGGY } from '../support/calc.js';
import { footer, startApp, stopApps, toolResults } from './harness.js';
import { hasTmux } from './tmux.js';

/** A PATH with the tools the test terminal and tack's start-up use, but no bwrap. */
function pathWithoutBwrap(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tack-nobwrap-'));
  const dirs = (process.env.PATH ?? '').split(delimiter);
  for (const tool of ['tmux', 'sh', 'stty', 'tr', 'grep', 'sed', 'sleep', 'git']) {
    const found = dirs
      .map((d) => join(d, tool))
      .find((p) => {
        try {
          return readFileSync(p).length > 0;
        } catch {
          return false;
        }
      });
    if (found) symlinkSync(found, join(dir, tool));
  }
  return dir;
}

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

run('approvals in the app', () => {
  it('a command hiding a carriage return asks, shown with \\r and ␛ visible and a warning (boundary)', async () => {
    const { term, server } = await startApp([
      { toolCalls: [{ name: 'bash', arguments: { command: 'touch PWNED; echo \x1b]2;hacked-title\x07 #\rnpm test' } }] },
      { text: 'fine' },
    ]);
    term.type('run the tests');
    term.keys('Enter');
    const screen = await term.waitFor('control character', 10_000, 'the question');
    expect(screen).toContain('touch PWNED');
    expect(screen).toContain('\\r');
    expect(screen).toContain('␛');
    expect(screen).toContain('would not show all of it');
    expect(screen).not.toMatch(/Always allow/);
    expect(server.chatRequests()).toHaveLength(1);
  });

  it('an edit asks with its diff; "no" with a reason goes back to the model and the file stays', async () => {
    const { term, server, project } = await startApp(
      [
        { toolCalls: [{ name: 'edit', arguments: { path: 'calc.js', old_text: 'return a - b;', new_text: 'return a + b;' } }] },
        { text: 'Understood, leaving it.' },
      ],
      { files: { 'calc.js': CALC_BUGGY } },
    );
    term.type('fix calc.js');
    term.keys('Enter');
    let screen = await term.waitFor('? Edit calc.js', 10_000, 'the question');
    expect(screen).toMatch(/\d+ -\s+return a - b;/);
    expect(screen).toMatch(/\d+ \+\s+return a \+ b;/);
    expect(screen).toContain('Yes (y)');
    expect(screen).toMatch(/No \(Esc\).*\(n\)/);
    expect(server.chatRequests()).toHaveLength(1);
    term.type('n');
    await term.waitFor('why not?', 5_000);
    term.type('keep the subtraction, the test is wrong');
    term.keys('Enter');
    screen = await term.waitFor('Understood, leaving it.');
    expect(screen).not.toContain('Yes (y)');
    expect(screen).toContain('? Edit calc.js · no: keep the subtraction, the test is wrong');
    expect(toolResults(server.chatRequests()[1]!)).toEqual(['refused by the user: keep the subtraction, the test is wrong']);
    expect(readFileSync(join(project.dir, 'calc.js'), 'utf8')).toBe(CALC_BUGGY);
  });

  it('an approved edit prints its diff once, with the answer, and its result is one line', async () => {
    const { term } = await startApp(
      [{ toolCalls: [{ name: 'edit', arguments: { path: 'calc.js', old_text: 'return a - b;', new_text: 'return a + b;' } }] }, { text: 'Fixed the sign.' }],
      { files: { 'calc.js': CALC_BUGGY } },
    );
    term.type('fix calc.js');
    term.keys('Enter');
    const asking = await term.waitFor('? Edit calc.js', 10_000, 'the question');
    // one status line, and Esc means one thing on screen while the question waits
    expect(asking).toMatch(/waiting for your answer \(\d+s · Esc: no\)/);
    expect(asking).not.toContain('Esc to interrupt');
    expect(asking).not.toMatch(/^\S+ edit calc\.js/m);
    term.type('y');
    await term.waitFor('Fixed the sign.');
    const history = term.history();
    expect(history).toContain('? Edit calc.js · yes');
    expect(history).toMatch(/✓ edit calc\.js \+1 -1\n/);
    expect(history.match(/\d+ \+\s+return a \+ b;/g)).toHaveLength(1);
    term.keys('C-o');
    await term.waitFor('thinking: in full');
    expect(term.history().match(/\d+ \+\s+return a \+ b;/g)).toHaveLength(2);
  });

  it('"always" for a command prefix: the next command with that prefix runs without asking', async () => {
    const { term, server } = await startApp(
      [
        { toolCalls: [{ name: 'bash', arguments: { command: 'node sum.js 40 1' } }] },
        { toolCalls: [{ name: 'bash', arguments: { command: 'node sum.js 40 2' } }] },
        { text: 'both ran' },
      ],
      { files: { 'sum.js': 'console.log(Number(process.argv[2]) + Number(process.argv[3]));\n' } },
    );
    term.type('run the checks');
    term.keys('Enter');
    const screen = await term.waitFor('$ node sum.js 40 1', 10_000, 'the question');
    // the command is said once in the question: the title does not repeat it, nor a reason line
    expect(screen).toContain('? Run this command');
    expect(screen).not.toContain('? Run node');
    expect(screen).not.toContain('Running `node sum.js 40 1`');
    // the script: `node` alone would allow any program
    expect(screen).toContain('Always allow `node sum.js …` this session (a)');
    term.type('a');
    // no key pressed after this: the second command must not ask
    await term.waitFor('both ran', 10_000, 'the run to finish without a second question');
    const requests = server.chatRequests();
    expect(requests).toHaveLength(3);
    expect(toolResults(requests[1]!).join('')).toContain('41');
    expect(toolResults(requests[2]!).join('')).toContain('42');
  });

  it('Shift+Tab cycles the approval mode in the footer: ask, auto-edit, yolo, plan, ask', async () => {
    const { term } = await startApp([]);
    expect(footer(term.screen())).toContain('approvals: ask');
    for (const mode of ['auto-edit', 'yolo', 'plan', 'ask']) {
      term.keys('BTab');
      await term.waitFor((s) => footer(s).includes(`approvals: ${mode}`), 5_000, `the footer to show ${mode}`);
    }
  });

  it('in auto-edit mode an edit runs without asking', async () => {
    const { term, project } = await startApp(
      [{ toolCalls: [{ name: 'edit', arguments: { path: 'calc.js', old_text: 'return a - b;', new_text: 'return a + b;' } }] }, { text: 'fixed it' }],
      { files: { 'calc.js': CALC_BUGGY } },
    );
    term.keys('BTab');
    await term.waitFor((s) => footer(s).includes('approvals: auto-edit'), 5_000);
    term.type('fix calc.js');
    term.keys('Enter');
    await term.waitFor('fixed it');
    expect(readFileSync(join(project.dir, 'calc.js'), 'utf8')).toContain('return a + b;');
  });

  it('a notice from session start-up (no bwrap: commands run unsandboxed) appears in the transcript', async () => {
    const { term } = await startApp([], { env: { PATH: pathWithoutBwrap() } });
    const screen = await term.waitFor('commands run unsandboxed', 5_000, 'the notice');
    expect(screen).toContain('bwrap (bubblewrap) is not installed');
    // above the input, not written over the app's screen
    expect(screen.indexOf('commands run unsandboxed')).toBeGreaterThan(screen.indexOf('tack '));
    expect(screen.indexOf('commands run unsandboxed')).toBeLessThan(screen.indexOf('─'.repeat(20)));
  });
});
