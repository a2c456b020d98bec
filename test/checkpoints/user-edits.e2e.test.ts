// A turn that only looked takes no "what tack wrote" record: an edit the user makes while tack reads
// stays the user's, and a rewind keeps it (before, the look-only turn's record claimed it for tack
// and the rewind overwrote it).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();

it('an edit the user makes during a turn that only reads is kept by a rewind', { timeout: 60_000 }, async () => {
  const p = makeProject({ 'a.txt': 'a before\n', 'b.txt': 'b before\n' });
  const s = await server([
    { toolCalls: [{ name: 'edit', arguments: { path: 'a.txt', old_text: 'a before', new_text: 'a by tack' } }] },
    () => {
      // the user edits b.txt in their editor while tack works
      writeFileSync(join(p.dir, 'b.txt'), 'b by the user\n');
      return { toolCalls: [{ name: 'read', arguments: { path: 'b.txt' } }] };
    },
    { text: 'done' },
  ]);
  const run = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'change a, then look at b'], { cwd: p.dir, home: p.home });
  expect(run.code).toBe(0);
  const sessions = join(p.home, 'sessions');
  const dir = join(sessions, readdirSync(sessions)[0]!);
  const file = readFileSync(join(dir, readdirSync(dir).find((f) => f.endsWith('.jsonl'))!), 'utf8');
  expect(file.split('\n').filter((l) => l.includes('"type":"written"'))).toHaveLength(1);

  const rw = await runTack(['rewind', '--to', '1', '--code'], { cwd: p.dir, home: p.home });
  expect(rw.code).toBe(0);
  expect(readFileSync(join(p.dir, 'a.txt'), 'utf8')).toBe('a before\n');
  expect(readFileSync(join(p.dir, 'b.txt'), 'utf8')).toBe('b by the user\n');
  expect(rw.stdout + rw.stderr).toContain('b.txt');
});
