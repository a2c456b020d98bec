// `tack -w` in the app (tmux): the footer names the worktree, and on quitting a worktree with work
// in it is kept, with the two lines on where it is and what to do next.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';
import { Term, hasTmux } from '../interactive/tmux.js';
import { git, userRepo } from './repo.js';

let server: MockServer | undefined;
let term: Term | undefined;
afterEach(async () => {
  term?.kill();
  await server?.close();
  term = server = undefined;
});

describe.skipIf(!hasTmux())('tack -w in the app', () => {
  it('shows the worktree in the footer, and keeps it on quitting when a file was written', { timeout: 60_000 }, async () => {
    const p = userRepo();
    server = await startMockServer({ turns: [{ toolCalls: [{ name: 'write', arguments: { path: 'new.txt', content: 'new\n' } }] }, { text: 'wrote it' }] });
    term = Term.start({ args: ['-w', 'ui', '--base-url', server.url, '-m', 'mock-model', '--approval', 'yolo'], cwd: p.dir, home: p.home });
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
});
