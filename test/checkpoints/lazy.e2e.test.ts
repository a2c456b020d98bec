// Checkpoints are taken just before the first change after a message: a turn that only reads copies
// nothing, and a rewind to its message still brings back the files as they were before it.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();

it('a turn that only reads copies nothing; a rewind to it undoes the next turn’s change and keeps the user’s edit', { timeout: 60_000 }, async () => {
  const p = makeProject({ 'a.txt': 'a before\n', 'b.txt': 'b before\n' });
  const s = await server([
    { toolCalls: [{ name: 'read', arguments: { path: 'a.txt' } }] },
    { text: 'it says a before' },
    { toolCalls: [{ name: 'edit', arguments: { path: 'a.txt', old_text: 'a before', new_text: 'a by tack' } }] },
    { text: 'changed' },
    { text: 'from the start' },
  ]);
  const look = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'what is in a.txt?'], { cwd: p.dir, home: p.home });
  expect(look.code).toBe(0);
  expect(existsSync(join(p.home, 'checkpoints'))).toBe(false);
  // the user changes b.txt between the turns
  writeFileSync(join(p.dir, 'b.txt'), 'b by the user\n');
  const change = await runTack(['-c', '-p', '--base-url', s.url, '-m', 'm', 'change a.txt'], { cwd: p.dir, home: p.home });
  expect(change.code).toBe(0);
  expect(readFileSync(join(p.dir, 'a.txt'), 'utf8')).toBe('a by tack\n');

  const list = await runTack(['rewind', '--list'], { cwd: p.dir, home: p.home });
  expect(list.stdout).toContain('what is in a.txt?');
  expect(list.stdout).toContain('change a.txt');
  const rw = await runTack(['rewind', '--to', '1', '--both'], { cwd: p.dir, home: p.home });
  expect(rw.code).toBe(0);
  expect(readFileSync(join(p.dir, 'a.txt'), 'utf8')).toBe('a before\n');
  expect(readFileSync(join(p.dir, 'b.txt'), 'utf8')).toBe('b by the user\n');
  // the conversation is cut back to before the first prompt
  const next = await runTack(['-c', '-p', '--base-url', s.url, '-m', 'm', 'again'], { cwd: p.dir, home: p.home });
  expect(next.code).toBe(0);
  const sent = s
    .chatRequests()
    .at(-1)!
    .body.messages.filter((m: any) => m.role !== 'system');
  // the first run's note went with its message; the next run tells the facts again
  expect(sent.map((m: any) => m.content)).toEqual([expect.stringContaining('<context>'), 'again']);
  const sessions = join(p.home, 'sessions');
  expect(readdirSync(sessions)).toHaveLength(1);
});

it('a PostToolUse hook that changes another file after an edit: a rewind puts that file back too', { timeout: 60_000 }, async () => {
  const p = makeProject({ 'a.txt': 'a before\n', 'gen.txt': 'gen before\n' });
  const hook = [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'echo "gen by the hook" > "$TACK_PROJECT_DIR/gen.txt"' }] }];
  writeFileSync(join(p.home, 'config.json'), JSON.stringify({ hooks: { PostToolUse: hook } }));
  const s = await server([{ toolCalls: [{ name: 'edit', arguments: { path: 'a.txt', old_text: 'a before', new_text: 'a by tack' } }] }, { text: 'changed' }]);
  const change = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'change a.txt'], { cwd: p.dir, home: p.home });
  expect(change.code).toBe(0);
  expect(readFileSync(join(p.dir, 'gen.txt'), 'utf8')).toBe('gen by the hook\n');
  const rw = await runTack(['rewind', '--to', '1', '--code'], { cwd: p.dir, home: p.home });
  expect(rw.code).toBe(0);
  expect(readFileSync(join(p.dir, 'a.txt'), 'utf8')).toBe('a before\n');
  expect(readFileSync(join(p.dir, 'gen.txt'), 'utf8')).toBe('gen before\n');
});
