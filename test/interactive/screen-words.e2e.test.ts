// What the screen says at 80 columns, read as a user reads it: a refusal said once and whole, a
// question that shows its command once and its change to the last character, choices wrapped rather
// than cut, and a failing command's preview that shows the error, not the runtime's version line.
import { afterEach, describe, expect, it } from 'vitest';
import { footer, startApp, stopApps } from './harness.js';
import { hasTmux } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const count = (text: string, part: string) => text.split(part).length - 1;
/** The screen's text with the terminal's line ends taken out: a wrapped sentence reads whole. */
const flat = (text: string) => text.replace(/\s*\n\s*/g, ' ');
const call = (id: string, name: string, args: Record<string, unknown>) => ({ toolCalls: [{ id, name, arguments: args }] });

run('what the screen says at 80 columns', () => {
  it('a fetch of a loopback address is refused at once, in one message naming the whole rule to add; nothing is asked', async () => {
    const { term } = await startApp([call('f1', 'fetch', { url: 'http://127.0.0.1:9/admin' }), { text: 'Could not fetch it.' }], { cols: 80, rows: 24 });
    term.type('read my local page');
    term.keys('Enter');
    const screen = await term.waitFor('Could not fetch it.', 10_000, 'the end of the run');
    const history = term.history();
    expect(history).not.toContain('(y)');
    expect(flat(history)).toContain('add "fetch(domain:127.0.0.1)" to permissions.allow in .tack/config.json');
    expect(count(history, 'is a private, loopback or link-local address')).toBe(1);
    expect(screen).toContain('✗ fetch 127.0.0.1:9/admin (failed)');
    // wrapped, never cut
    expect(history).not.toMatch(/refused.*…/);
  });

  it('a fetch question wraps its choices: the rule "s" saves is readable to its end', async () => {
    const host = 'docs.a-rather-long-documentation-host.example';
    const { term } = await startApp([call('f1', 'fetch', { url: `https://${host}/guide` }), { text: 'Fine.' }], { cols: 80, rows: 24 });
    term.type('read the guide');
    term.keys('Enter');
    const screen = await term.waitFor('(s)', 10_000, 'the question');
    expect(flat(screen)).toContain(`Always allow ${host}, and save fetch(domain:${host}) to .tack/config.json (s)`);
    expect(flat(screen)).toContain('other typing goes to the input');
    term.keys('Escape');
    await term.waitFor('Fine.', 10_000, 'the end of the run');
  });

  it('a bash question shows its command once; a failing node script previews its Error line, not "Node.js v…"', async () => {
    const command = `node -e "throw new Error('the widget is missing')"`;
    const { term } = await startApp([call('b1', 'bash', { command }), { text: 'It failed.' }], { cols: 80, rows: 24 });
    term.type('run the script');
    term.keys('Enter');
    const question = await term.waitFor('(y)', 10_000, 'the question');
    // the command once as the command (no "Running `…`" line above it); the "always" choices name what they allow
    expect(question.split('\n').filter((l) => l.trim().startsWith('$ ') && l.includes('the widget is missing'))).toHaveLength(1);
    expect(question).not.toContain('Running');
    expect(question).toContain('? Run this command');
    term.type('y');
    const screen = await term.waitFor('It failed.', 15_000, 'the end of the run');
    const lines = screen.split('\n');
    const header = lines.findIndex((l) => l.includes('✗ bash node -e'));
    expect(header).toBeGreaterThanOrEqual(0);
    expect(lines[header + 1]!.trim()).toBe('Error: the widget is missing');
  });

  it('a write question is titled by what it writes, and its long lines wrap to their last character', async () => {
    const content = ['short line', `${'x'.repeat(110)} END-OF-LONG-LINE`, 'last line'].join('\n');
    const { term } = await startApp([call('w1', 'write', { path: 'notes.txt', content }), { text: 'Written.' }], { cols: 80, rows: 24 });
    term.type('write the notes');
    term.keys('Enter');
    const screen = await term.waitFor('(y)', 10_000, 'the question');
    expect(screen).toContain('? Create notes.txt (3 lines)');
    expect(screen).not.toContain('Changing files');
    expect(screen).toContain('END-OF-LONG-LINE');
    expect(screen).not.toMatch(/x…/);
    term.type('y');
    await term.waitFor('Written.', 10_000, 'the end of the run');
  });

  it('the ? panel names plan mode in the cycle Shift+Tab walks', async () => {
    const { term } = await startApp([], { cols: 80, rows: 24 });
    term.type('?');
    await term.waitFor('Keys and commands', 5_000, 'the panel');
    term.keys('PageDown');
    const screen = await term.waitFor('Shift+Tab', 5_000, 'the key, scrolled to');
    expect(flat(screen)).toMatch(
      /Shift\+Tab\s+approval mode, in turn: ask, auto-edit \(edits run\), yolo \(nothing asks\), plan \(read-only until you approve a plan\)/,
    );
  });

  it('Shift+Tab into plan mode: its notice, which says how commands run, is wrapped whole, not cut', async () => {
    const { term } = await startApp([], { cols: 80, rows: 24 });
    for (const mode of ['auto-edit', 'yolo', 'plan']) {
      term.keys('BTab');
      await term.waitFor((x) => footer(x).includes(`approvals: ${mode}`), 5_000, `the footer to show ${mode}`);
    }
    const screen = await term.waitFor('(Shift+Tab for the next mode)', 5_000, 'the notice to its end');
    expect(flat(screen)).toMatch(/plan mode: nothing changes until you approve a plan; commands run .*\(Shift\+Tab for the next mode\)/);
    expect(screen).not.toMatch(/plan mode: .*…$/m);
  });
});
