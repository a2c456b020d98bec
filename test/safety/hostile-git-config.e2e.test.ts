// A repository unpacked from an archive can carry its own .git/config. tack's own git calls in the
// user's repository (the system prompt's git line, the app's `@` list) run with the same guard as
// the agent's commands, so a `core.fsmonitor` there runs nothing, trusted folder or not.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { FileIndex } from '../../src/modes/interactive/complete/file-index.js';
import { makeProject, runTack } from '../support/cli.js';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function hostileRepo(): { dir: string; home: string; marker: string } {
  const p = makeProject({ 'a.txt': 'a\n' });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: p.dir, stdio: 'pipe' });
  git('init', '-q');
  git('add', 'a.txt');
  git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'first');
  const marker = join(p.dir, '..', 'fsmonitor-ran');
  git('config', 'core.fsmonitor', `touch '${marker}'; false`);
  // a file changed since the index was written: status and ls-files consult the monitor
  writeFileSync(join(p.dir, 'a.txt'), 'changed\n');
  return { ...p, marker };
}

it("tack -p in a repository whose .git/config names an fsmonitor: the prompt's git line is read, the program never runs", async () => {
  const { dir, home, marker } = hostileRepo();
  server = await startMockServer({ turns: [{ text: 'hello' }] });
  const r = await runTack(['-p', '--base-url', server.url, '-m', 'm', 'hi'], { cwd: dir, home });
  expect(r.code).toBe(0);
  const system = server.chatRequests()[0]!.body.messages[0].content as string;
  expect(system).toContain('last commit: first');
  expect(system).toContain('dirty (1 changed path)');
  expect(existsSync(marker)).toBe(false);
});

it("the app's @ list of such a repository is git's list, and the program never runs", async () => {
  const { dir, marker } = hostileRepo();
  const index = new FileIndex(dir);
  await index.refresh();
  expect(index.get()).toContain('a.txt');
  expect(existsSync(marker)).toBe(false);
});
