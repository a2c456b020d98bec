// `tack -w` in the app (tmux): the footer names the worktree, the start lines wrap between words, and
// on quitting a worktree with work in it is kept, with the two lines on where it is and what to do
// next; an untouched one goes, in one line. The way back the app prints is a command that works.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer, type Turn } from '../support/mock-openai-server.js';
import { Term, hasTmux } from '../interactive/tmux.js';
import { git, gitWorktrees, userRepo } from './repo.js';

const servers: MockServer[] = [];
const terms: Term[] = [];
afterEach(async () => {
  for (const t of terms.splice(0)) t.kill();
  for (const s of servers.splice(0)) await s.close();
});

async function server(turns: Turn[]): Promise<MockServer> {
  const s = await startMockServer({ turns });
  servers.push(s);
  return s;
}

function start(args: string[], p: { dir: string; home: string }, s: MockServer, cols = 120): Term {
  const term = Term.start({ args: [...args, '--base-url', s.url, '-m', 'mock-model', '--approval', 'yolo'], cwd: p.dir, home: p.home, cols });
  terms.push(term);
  return term;
}

/** The way back the app printed on quitting, as words to start tack with (`tack` itself left out). */
function wayBack(screen: string): string[] {
  const m = /^(tack .*) -c continues this conversation \(or tack .* -r [0-9a-f]{8}\)$/m.exec(screen);
  expect(m, screen).not.toBeNull();
  return [...m![1]!.split(' ').slice(1), '-c'];
}

describe.skipIf(!hasTmux())('tack -w in the app', () => {
  it('shows the worktree in the footer, and keeps it on quitting when a file was written', { timeout: 60_000 }, async () => {
    const p = userRepo();
    const s = await server([{ toolCalls: [{ name: 'write', arguments: { path: 'new.txt', content: 'new\n' } }] }, { text: 'wrote it' }]);
    const term = start(['-w', 'ui'], p, s);
    await term.waitFor('worktree ui', 15_000, 'the footer');
    term.type('write new.txt');
    term.keys('Enter');
    await term.waitFor('wrote it', 15_000, 'the answer');
    term.keys('C-d');
    const after = await term.waitFor('EXIT:', 15_000, 'the exit');
    const flat = after.replace(/\s+/g, ' ');
    expect(flat).toContain('worktree ui kept (1 changed file)');
    expect(flat).toContain('tack worktree rm ui --force');
    expect(git(p.dir, 'worktree', 'list')).toContain(join('worktrees'));
    expect(existsSync(join(p.dir, 'new.txt'))).toBe(false);
  });

  it('at 80 columns the start lines wrap between words; the way back printed on quitting continues in the worktree', { timeout: 90_000 }, async () => {
    const p = userRepo();
    const first = await server([{ toolCalls: [{ name: 'write', arguments: { path: 'note.txt', content: 'pelican\n' } }] }, { text: 'noted' }]);
    const term = start(['-w', 'notes'], p, first, 80);
    const screen = await term.waitFor('worktree notes', 15_000, 'the footer');
    // the user's tree is dirty: the note that its changes stay behind is longer than a line
    const rows = screen.split('\n');
    const starts = rows.slice(0, rows.findIndex((r) => r.includes('working in worktree notes')) + 3);
    const head = git(p.dir, 'rev-parse', 'HEAD').slice(0, 9);
    const sentence = `tack: your uncommitted changes are not copied: the worktree starts from HEAD (${head})`;
    expect(starts.join(' ').replace(/\s+/g, ' '), screen).toContain(sentence);
    for (const row of starts) expect(row.length).toBeLessThanOrEqual(80);
    term.type('write the word pelican down');
    term.keys('Enter');
    await term.waitFor('noted', 15_000, 'the answer');
    term.keys('C-d');
    const after = await term.waitFor('EXIT:', 15_000, 'the exit');
    expect(after).toContain('tack -w notes -c continues this conversation');
    expect(after.replace(/\s+/g, ' ')).toContain('worktree notes kept (1 changed file)');

    // the printed command, run where the user is: the same worktree, the same conversation
    const second = await server([{ text: 'you said pelican' }]);
    const again = start(wayBack(after), p, second, 80);
    await again.waitFor('worktree notes', 15_000, 'the footer');
    again.type('which word?');
    again.keys('Enter');
    await again.waitFor('you said pelican', 15_000, 'the answer');
    expect(JSON.stringify(second.chatRequests()[0]!.body.messages)).toContain('write the word pelican down');
    again.keys('C-d');
    await again.waitFor('EXIT:', 15_000, 'the exit');
    expect(gitWorktrees(p.dir)).toHaveLength(2);
  });

  it('an untouched worktree is removed on quitting in one line; the way back printed still continues the conversation', { timeout: 90_000 }, async () => {
    const p = userRepo();
    const first = await server([{ text: 'nothing to change' }]);
    const term = start(['-w', 'look'], p, first);
    await term.waitFor('worktree look', 15_000, 'the footer');
    term.type('remember the word heron');
    term.keys('Enter');
    await term.waitFor('nothing to change', 15_000, 'the answer');
    term.keys('C-d');
    const after = await term.waitFor('EXIT:', 15_000, 'the exit');
    expect(after).toContain('tack: worktree look removed, and its branch tack/look: nothing was changed or committed there');
    expect(gitWorktrees(p.dir)).toEqual([p.dir]);
    expect(git(p.dir, 'branch', '--list', 'tack/*')).toBe('');

    const second = await server([{ text: 'you said heron' }]);
    const again = start(wayBack(after), p, second);
    await again.waitFor('worktree look', 15_000, 'the footer');
    again.type('which word?');
    again.keys('Enter');
    await again.waitFor('you said heron', 15_000, 'the answer');
    expect(JSON.stringify(second.chatRequests()[0]!.body.messages)).toContain('remember the word heron');
  });
});
