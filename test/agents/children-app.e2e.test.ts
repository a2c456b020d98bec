// Several children in the app at 80 columns (tmux), read as a user reads them: Ctrl+O reaches every
// child's calls, finished or running; Esc is one interruption with what each child had; a finished
// child's line has its counts; a child's question names its agent and task, even when two children's
// calls share an id (local servers number calls `call_0`, `call_1`, … in every conversation).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedRequest, Turn } from '../support/mock-openai-server.js';
import { startApp, stopApps } from '../interactive/harness.js';
import { hasTmux } from '../interactive/tmux.js';

const run = hasTmux() ? describe : describe.skip;
afterEach(stopApps);

const systemText = (r: RecordedRequest): string => r.body.messages.find((m: any) => m.role === 'system').content;
const firstUserText = (r: RecordedRequest): string => {
  const m = r.body.messages.find((m: any) => m.role === 'user' && !String(m.content).startsWith('<context>'));
  return typeof m.content === 'string' ? m.content : m.content.map((p: any) => p.text).join('');
};

/**
 * One scripted server for a parent and its children: the parent plays `parent` in order; a child
 * (told by its system prompt) plays the steps of the job its prompt names, by how many answers it
 * has had. Children run side by side, so their requests come in any order.
 */
function family(parent: Turn[], jobs: Record<string, Turn[]>): Turn[] {
  const route: Turn = (r) => {
    if (!systemText(r).startsWith('You are a sub-agent of tack')) return parent.shift() ?? { text: 'nothing more' };
    const job = Object.keys(jobs).find((name) => firstUserText(r).includes(`job ${name}`))!;
    return jobs[job]![r.body.messages.filter((m: any) => m.role === 'assistant').length]!;
  };
  return Array(40).fill(route);
}

const tasks = (names: string[], agent?: string) => ({
  toolCalls: names.map((name) => ({
    id: `call_task_${name}`,
    name: 'task',
    arguments: { description: `look for ${name}`, prompt: `job ${name}`, ...(agent ? { agent } : {}) },
  })),
});
/** A call as a local server numbers it: `call_0` in every conversation. */
const call = (name: string, args: Record<string, unknown>, id = 'call_0') => ({ toolCalls: [{ id, name, arguments: args }] });

const NARROW = { cols: 80, rows: 24 };

run('several children in the app', () => {
  it("Ctrl+O after three children prints every child's calls and report; each finished line has its calls, tokens and time", async () => {
    const { term } = await startApp(
      family([tasks(['A', 'B', 'C']), { text: 'all three reported' }], {
        A: [call('grep', { pattern: 'alpha' }), call('read', { path: 'a.txt' }, 'call_1'), { text: 'report A: alpha is in a.txt' }],
        B: [call('grep', { pattern: 'beta' }), { text: 'report B: no beta' }],
        C: [call('ls', { path: '.' }), { text: 'report C: one file' }],
      }),
      { files: { 'a.txt': 'alpha\n' }, ...NARROW },
    );
    term.type('look for them');
    term.keys('Enter');
    const screen = await term.waitFor('all three reported', 20_000);
    // folded: one line each, with what the running line showed, and the report's first line
    expect(screen).toMatch(/✓ task explore: look for A · 2 calls · \d+ tokens · \d+s/);
    expect(screen).toMatch(/✓ task explore: look for B · 1 call · \d+ tokens · \d+s/);
    expect(screen).toMatch(/✓ task explore: look for C · 1 call · \d+ tokens · \d+s/);
    expect(screen).not.toContain('→');
    term.keys('C-o');
    await term.waitFor('tool output and thinking: in full', 10_000);
    const all = term.history();
    for (const line of ['→ grep alpha', '→ read a.txt', 'report A: alpha is in a.txt', '→ grep beta', 'report B: no beta', '→ ls .', 'report C: one file'])
      expect(all).toContain(line);
    // each child's calls under its own task line
    const expanded = all.slice(all.indexOf('all three reported'));
    expect(expanded.indexOf('look for A')).toBeLessThan(expanded.indexOf('→ read a.txt'));
    expect(expanded.indexOf('→ read a.txt')).toBeLessThan(expanded.indexOf('look for B'));
    expect(expanded.indexOf('look for B')).toBeLessThan(expanded.indexOf('→ grep beta'));
    expect(expanded.indexOf('→ grep beta')).toBeLessThan(expanded.indexOf('look for C'));
    expect(expanded.indexOf('look for C')).toBeLessThan(expanded.indexOf('→ ls .'));
  });

  it('Ctrl+O while children run lists the calls each has made so far, and goes on listing them', async () => {
    let more: () => void = () => {};
    const later = new Promise<void>((resolve) => (more = resolve));
    const { term } = await startApp(
      family([tasks(['A', 'B', 'C']), { text: 'done looking' }], {
        A: [call('grep', { pattern: 'alpha' }), { until: later, turn: call('read', { path: 'a.txt' }, 'call_1') }, { text: 'report A' }],
        B: [call('grep', { pattern: 'beta' }), { until: later, turn: { text: 'report B' } }],
        C: [call('ls', { path: '.' }), { until: later, turn: { text: 'report C' } }],
      }),
      { files: { 'a.txt': 'alpha\n' }, ...NARROW },
    );
    term.type('look');
    term.keys('Enter');
    await term.waitFor((s) => (s.match(/· 1 call ·/g) ?? []).length === 3, 20_000, 'each child after its first call');
    term.keys('C-o');
    const running = await term.waitFor((s) => ['→ grep alpha', '→ grep beta', '→ ls .'].every((c) => s.includes(c)), 10_000, 'the running calls');
    expect(running).toContain('○ task explore: look for A');
    more();
    await term.waitFor('done looking', 20_000);
    const all = term.history();
    expect(all).toContain('→ read a.txt');
    expect(all).toContain('report A');
  });

  it('Esc during three children is one notice with what each had: its task, counts, calls and words; nothing says failed', async () => {
    const { term } = await startApp(
      family([tasks(['A', 'B', 'C'])], {
        A: [call('grep', { pattern: 'alpha' }), { text: 'alpha is in a.txt, reading it', ...call('read', { path: 'a.txt' }, 'call_1') }, { hang: true }],
        B: [call('grep', { pattern: 'beta' }), { hang: true }],
        C: [{ hang: true }],
      }),
      { files: { 'a.txt': 'alpha\n' }, ...NARROW },
    );
    term.type('look');
    term.keys('Enter');
    await term.waitFor((s) => s.includes('· 2 calls ·') && s.includes('· 1 call ·') && s.includes('· 0 calls ·'), 20_000, 'the children at work');
    term.keys('Escape');
    const screen = await term.waitFor('interrupted: 3 agents stopped, with what each had', 10_000);
    const block = screen.slice(screen.indexOf('interrupted: 3 agents'));
    expect(block).toMatch(/look for A · 2 calls · \d+ tokens · \d+s\n +→ grep alpha · read a\.txt\n +alpha is in a\.txt, reading it\n/);
    expect(block).toMatch(/look for B · 1 call · \d+ tokens · \d+s\n +→ grep beta\n/);
    expect(block).toMatch(/look for C · 0 calls · \d+ tokens · \d+s\n +nothing yet\n/);
    const all = term.history();
    expect(all.match(/interrupted/g)).toHaveLength(1);
    expect(all).not.toMatch(/failed|✗/);
    // Ctrl+O: what each had, in full
    term.keys('C-o');
    await term.waitFor((s) => s.includes('→ read a.txt'), 10_000, "A's calls one per line");
  });

  it('Esc during a running command shows it interrupted, with its output so far, not failed', async () => {
    const { term } = await startApp([call('bash', { command: 'echo $((6*7)); sleep 30' }), { text: 'never' }], { args: ['--yolo'], ...NARROW });
    term.type('run it');
    term.keys('Enter');
    await term.waitFor(/\n +42\n/, 10_000, 'the output so far');
    term.keys('Escape');
    const screen = await term.waitFor('(interrupted)', 10_000);
    expect(screen).toContain('bash echo $((6*7)); sleep 30 (interrupted)');
    expect(screen).toMatch(/\(interrupted\)\n +42\n/);
    const all = term.history();
    expect(all).not.toMatch(/failed|✗|\[aborted/);
    expect(all.match(/interrupted/g)).toHaveLength(1);
  });

  it("two children's edits with the same call id: each question names its own agent and task", async () => {
    let arrived = 0;
    let bothHere: () => void = () => {};
    const both = new Promise<void>((resolve) => (bothHere = resolve));
    const held = (turn: Turn): Turn => {
      if (++arrived === 2) bothHere();
      return { until: both, turn };
    };
    const fix = (file: string): Turn[] => [() => held(call('edit', { path: file, old_text: 'teh', new_text: 'the' })), { text: `fixed ${file}` }];
    const { term, project } = await startApp(
      family(
        [
          {
            toolCalls: ['a', 'b'].map((f) => ({
              id: `call_task_${f}`,
              name: 'task',
              arguments: { description: `fix the typo in ${f}.txt`, prompt: `job ${f}`, agent: 'general' },
            })),
          },
          { text: 'both fixed' },
        ],
        { a: fix('a.txt'), b: fix('b.txt') },
      ),
      { files: { 'a.txt': 'teh a\n', 'b.txt': 'teh b\n' }, ...NARROW },
    );
    term.type('fix both');
    term.keys('Enter');
    const label = /\[general agent: fix the typo in (a|b)\.txt\] Edit (a|b)\.txt/;
    const first = label.exec(await term.waitFor(label, 15_000, 'the first question'))!;
    expect(first[2], 'the first question names the child whose file it edits').toBe(first[1]);
    term.type('y');
    // the other child's question: its own label, though its call's id is the same as the first's
    const other = first[1] === 'a' ? 'b' : 'a';
    await term.waitFor(`[general agent: fix the typo in ${other}.txt] Edit ${other}.txt`, 15_000, "the other child's question, labelled");
    term.type('y');
    await term.waitFor('both fixed', 15_000);
    expect(readFileSync(join(project.dir, 'a.txt'), 'utf8')).toBe('the a\n');
    expect(readFileSync(join(project.dir, 'b.txt'), 'utf8')).toBe('the b\n');
  });
});
