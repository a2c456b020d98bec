// `--no-checkpoints`, for runners that throw the workspace away: the run changes files as always,
// and no shadow git is written under $TACK_HOME; the same run without the flag writes one.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();
const editTurns = () => [{ toolCalls: [{ name: 'edit', arguments: { path: 'a.txt', old_text: 'before', new_text: 'after' } }] }, { text: 'changed' }];

it('--no-checkpoints: the edit lands, no checkpoint folder is written, and the result lists the change from the tools', { timeout: 60_000 }, async () => {
  const off = makeProject({ 'a.txt': 'before\n' });
  const s1 = await server(editTurns());
  const r = await runTack(['-p', '--no-checkpoints', '--output-format', 'json', '--base-url', s1.url, '-m', 'm', 'change a.txt'], {
    cwd: off.dir,
    home: off.home,
  });
  expect(r.code).toBe(0);
  expect(readFileSync(join(off.dir, 'a.txt'), 'utf8')).toBe('after\n');
  expect(existsSync(join(off.home, 'checkpoints'))).toBe(false);
  expect(JSON.parse(r.stdout)).toMatchObject({ files_changed_source: 'tools', files_changed: [{ path: 'a.txt' }] });

  const on = makeProject({ 'a.txt': 'before\n' });
  const s2 = await server(editTurns());
  const withThem = await runTack(['-p', '--base-url', s2.url, '-m', 'm', 'change a.txt'], { cwd: on.dir, home: on.home });
  expect(withThem.code).toBe(0);
  expect(existsSync(join(on.home, 'checkpoints'))).toBe(true);
});
