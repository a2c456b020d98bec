// `tack -w` in a repository whose own config is hostile, and only on tack's branches: an
// `includeIf "onbranch:tack/**"` brings a smudge and a clean filter (.gitattributes applies them),
// fsmonitor and a hooks folder, and `.git/hooks` holds a post-checkout hook; each would leave a file
// behind when it runs. Untrusted, none runs, and the worktree holds the committed files; trusted,
// its filters run as git would run them, its hooks still do not.
import { appendFileSync, chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';
import { git, gitWorktrees } from './repo.js';

const server = scriptedServers();

function hostileRepo() {
  const p = makeProject({ 'a.txt': 'a\n', '.gitattributes': '*.txt filter=evil\n' });
  git(p.dir, 'init', '-q', '-b', 'main');
  git(p.dir, 'config', 'user.email', 'user@example.com');
  git(p.dir, 'config', 'user.name', 'User');
  git(p.dir, 'add', '-A');
  git(p.dir, 'commit', '-qm', 'first');
  const ran = join(p.dir, '..', 'ran');
  mkdirSync(ran);
  const gitDir = join(p.dir, '.git');
  const script = (name: string) => {
    const file = join(gitDir, `${name}.sh`);
    writeFileSync(file, `#!/bin/sh\ntouch "${join(ran, name)}"\ncat\n`);
    chmodSync(file, 0o755);
    return file;
  };
  mkdirSync(join(gitDir, 'evil-hooks'));
  writeFileSync(join(gitDir, 'evil-hooks', 'post-checkout'), `#!/bin/sh\ntouch "${join(ran, 'hooks-path')}"\n`);
  chmodSync(join(gitDir, 'evil-hooks', 'post-checkout'), 0o755);
  writeFileSync(join(gitDir, 'hooks', 'post-checkout'), `#!/bin/sh\ntouch "${join(ran, 'post-checkout')}"\n`);
  chmodSync(join(gitDir, 'hooks', 'post-checkout'), 0o755);
  writeFileSync(
    join(gitDir, 'evil.cfg'),
    `[filter "evil"]\n\tsmudge = ${script('smudge')}\n\tclean = ${script('clean')}\n\trequired = true\n` +
      `[core]\n\tfsmonitor = ${script('fsmonitor')}\n\thooksPath = ${join(gitDir, 'evil-hooks')}\n`,
  );
  appendFileSync(join(gitDir, 'config'), '[includeIf "onbranch:tack/**"]\n\tpath = evil.cfg\n');
  return { ...p, ran };
}

/** The model writes a file, so the worktree is kept to be looked at. */
const writeOne = () => server([{ toolCalls: [{ name: 'write', arguments: { path: 'new.txt', content: 'new\n' } }] }, { text: 'wrote' }]);

function keptAt(stderr: string): string {
  const path = /kept \(.*\) at (.+)$/m.exec(stderr)?.[1];
  expect(path, stderr).toBeDefined();
  return path!;
}

it("untrusted, tack -w runs no filter, hook or fsmonitor the repository's config (or a file it includes) names", { timeout: 60_000 }, async () => {
  const p = hostileRepo();
  const s = await writeOne();
  const run = await runTack(['-w', 'x', '-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  expect(readdirSync(p.ran)).toEqual([]);
  expect(run.stderr).toContain('checked out as committed, without the filters');
  const path = keptAt(run.stderr);
  // the list and the state tack shows run git there too
  const list = await runTack(['worktree', 'list'], { cwd: p.dir, home: p.home });
  expect(list.stdout).toMatch(/x\s+tack\/x/);
  expect(readdirSync(p.ran)).toEqual([]);
  expect(readFileSync(join(path, 'a.txt'), 'utf8')).toBe('a\n');
  expect(git(path, 'ls-files')).toBe('.gitattributes\na.txt');
  expect(readFileSync(join(path, 'new.txt'), 'utf8')).toBe('new\n');
});

it('trusted (tack trust), its filters run in the new worktree as git would run them; its hooks still do not', { timeout: 60_000 }, async () => {
  const p = hostileRepo();
  expect((await runTack(['trust'], { cwd: p.dir, home: p.home })).code).toBe(0);
  const s = await server([{ text: 'looked' }]);
  const run = await runTack(['-w', 'y', '-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).not.toContain('checked out as committed');
  expect(readdirSync(p.ran)).toContain('smudge');
  expect(readdirSync(p.ran)).not.toContain('post-checkout');
  expect(readdirSync(p.ran)).not.toContain('hooks-path');
  // nothing done there: removed at exit
  expect(gitWorktrees(p.dir)).toEqual([p.dir]);
});
