// The model's todo list in a real terminal: folded to one line above the input while tack works,
// Ctrl+T shows it in full and folds it again, /todo prints it, and `tack -c` brings it back.
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { startMockServer } from '../support/mock-openai-server.js';
import { startApp, stopApps } from './harness.js';
import { hasTmux, inputBox } from './tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const todo = (id: string, args: Record<string, unknown>) => ({ toolCalls: [{ id, name: 'todo', arguments: args }] });
const ADD = { add: [{ text: 'read calc.js', status: 'in_progress' }, { text: 'fix the sign' }, { text: 'run the tests' }] };

/** The line just above the input box. */
const aboveInput = (screen: string): string => {
  const lines = screen.split('\n');
  const rules = lines.map((l, i) => (/^─{20,}$/.test(l.trim()) ? i : -1)).filter((i) => i >= 0);
  return lines[rules.at(-2)! - 1] ?? '';
};

run('the todo list in the app', () => {
  it('folded to "1/3 ▸ the current item" while tack works; Ctrl+T shows every item and folds them again; /todo prints them', async () => {
    const { term } = await startApp(
      [
        todo('t1', ADD),
        todo('t2', {
          update: [
            { id: '1', status: 'done' },
            { id: '2', status: 'in_progress' },
          ],
        }),
        { hang: true },
      ],
      {
        files: { 'calc.js': 'a - b\n' },
      },
    );
    term.type('fix calc.js');
    term.keys('Enter');
    // the list changes while the todo call runs: its ✓ may come a frame after the folded line
    let screen = await term.waitFor((x) => x.includes('1/3 ▸ fix the sign') && /✓ todo 1 done, 2 in_progress/.test(x), 10_000, 'the folded list');
    expect(screen).toContain('Esc interrupts');
    expect(screen).toMatch(/✓ todo \+3/);
    expect(screen).toMatch(/✓ todo 1 done, 2 in_progress/);
    // above the input: one line, not the items (nor in the tool's result, which the model reads)
    expect(aboveInput(screen)).toContain('1/3 ▸ fix the sign');
    expect(screen).not.toContain('3. run the tests');

    term.keys('C-t');
    screen = await term.waitFor('○ 3. run the tests', 5_000, 'the list in full');
    const full = screen.split('\n');
    const head = full.findIndex((l) => l.includes('Todo 1/3 done'));
    expect(head).toBeGreaterThan(0);
    expect(full.slice(head + 1, head + 4).map((l) => l.trim())).toEqual(['✓ 1. read calc.js', '▸ 2. fix the sign', '○ 3. run the tests']);
    expect(screen).not.toContain('1/3 ▸ fix the sign');

    term.keys('C-t');
    screen = await term.waitFor((x) => x.includes('1/3 ▸ fix the sign') && !x.includes('○ 3. run the tests'), 5_000, 'the list folded again');

    term.keys('Escape');
    await term.waitFor((x) => !x.includes('Esc interrupts'), 5_000, 'the interrupted run');
    term.type('/todo');
    term.keys('Enter');
    // the list printed and the input emptied (one frame may show the first before the second)
    screen = await term.waitFor((x) => x.includes('○ 3. run the tests') && !inputBox(x).includes('/todo'), 5_000, '/todo');
    // printed into the conversation; above the input it is still folded
    expect(screen.indexOf('○ 3. run the tests')).toBeLessThan(screen.indexOf('1/3 ▸ fix the sign'));
    expect(inputBox(screen)).not.toContain('/todo');
  });

  it('tack -c brings the list back: shown above the input, in full with Ctrl+T', async () => {
    const project = makeProject({ 'calc.js': 'a - b\n' });
    const s = await startMockServer({ turns: [todo('t1', ADD), { text: 'Started.' }] });
    expect((await runTack(['-p', '--base-url', s.url, '-m', 'mock-model', 'fix calc.js'], { cwd: project.dir, home: project.home })).code).toBe(0);
    await s.close();
    const { term } = await startApp([], { project, args: ['-c'] });
    let screen = await term.waitFor('0/3 ▸ read calc.js', 10_000, 'the restored list');
    expect(aboveInput(screen)).toContain('0/3 ▸ read calc.js');
    term.keys('C-t');
    screen = await term.waitFor('○ 3. run the tests', 5_000, 'the list in full');
    expect(screen).toContain('▸ 1. read calc.js');
  });

  it('at 80x18 Ctrl+T keeps the count and the current item in view, and /todo prints long items whole, wrapped', async () => {
    const long = 'write the migration that moves every saved setting into the new table and keeps a backup of the old one LAST-WORD';
    const steps = Array.from({ length: 20 }, (_, i) => ({
      text: i === 12 ? long : `step number ${i + 1}`,
      status: i < 5 ? 'done' : i === 5 ? 'in_progress' : 'pending',
    }));
    const { term } = await startApp([todo('t1', { add: steps }), { hang: true }], { cols: 80, rows: 18 });
    term.type('do the twenty steps');
    term.keys('Enter');
    await term.waitFor('5/20 ▸ step number 6', 10_000, 'the folded list');
    term.keys('C-t');
    let screen = await term.waitFor('Todo 5/20 done', 5_000, 'the list in full');
    expect(screen).toContain('▸ 6. step number 6');
    expect(screen).not.toContain('queued');
    // what is left out is said, above and below the window
    expect(screen).toMatch(/… \d+ above/);
    expect(screen).toMatch(/… \d+ more \(\/todo shows all\)/);

    term.keys('Escape');
    await term.waitFor((x) => !x.includes('Esc interrupts'), 5_000, 'the interrupted run');
    term.keys('C-t');
    await term.waitFor((x) => !x.includes('Todo 5/20 done'), 5_000, 'the list folded');
    term.type('/todo');
    term.keys('Enter');
    screen = await term.waitFor('LAST-WORD', 5_000, '/todo');
    expect(screen.replace(/\s*\n\s*/g, ' ')).toContain(`13. ${long}`);
    expect(screen).not.toMatch(/backup…|migration…/);
  });
});
