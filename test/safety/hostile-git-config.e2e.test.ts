// A repository unpacked from an archive can carry its own .git/config and hooks. tack's own git calls
// in the user's repository (the git line of a run's note, the app's `@` list) run before any trust
// question, so nothing there may run: not a `core.fsmonitor`, not a clean filter `git status` hands
// a changed file to (named in .git/config or in a file it includes), not a post-index-change hook.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileIndex } from '../../src/modes/interactive/complete/file-index.js';
import { makeProject, runTack } from '../support/cli.js';
import { startMockServer, type MockServer } from '../support/mock-openai-server.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A project with its files committed ("first"), and git run in it. */
function committed(files: Record<string, string>) {
  const p = makeProject(files);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: p.dir, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'first');
  return { ...p, git };
}

/** tack -p there: the git line of the run's note is read (one file changed) and `marker` never made. */
async function gitLineRead(dir: string, home: string, marker: string): Promise<void> {
  server = await startMockServer({ turns: [{ text: 'hello' }] });
  const r = await runTack(['-p', '--base-url', server.url, '-m', 'm', 'hi'], { cwd: dir, home });
  expect(r.code).toBe(0);
  const note = server.chatRequests()[0]!.body.messages[1].content as string;
  expect(note).toContain('last commit: first');
  expect(note).toContain('dirty (1 changed path)');
  expect(existsSync(marker)).toBe(false);
}

function hostileRepo(): { dir: string; home: string; marker: string } {
  const { git, ...p } = committed({ 'a.txt': 'a\n' });
  const marker = join(p.dir, '..', 'fsmonitor-ran');
  git('config', 'core.fsmonitor', `touch '${marker}'; false`);
  // a file changed since the index was written: status and ls-files consult the monitor
  writeFileSync(join(p.dir, 'a.txt'), 'changed\n');
  return { ...p, marker };
}

it("tack -p in a repository whose .git/config names an fsmonitor: the note's git line is read, the program never runs", async () => {
  const { dir, home, marker } = hostileRepo();
  await gitLineRead(dir, home, marker);
});

it("the app's @ list of such a repository is git's list, and the program never runs", async () => {
  const { dir, marker } = hostileRepo();
  const index = new FileIndex(dir);
  await index.refresh();
  expect(index.get()).toContain('a.txt');
  expect(existsSync(marker)).toBe(false);
});

/** A repository whose status must read files (their stats no longer match the index) and whose config and hooks would run a program then. */
function filteringRepo(): { dir: string; home: string; marker: string } {
  const { git, ...p } = committed({ 'a.txt': 'a\n', 'b.txt': 'b\n', '.gitattributes': '* filter=evil\n*.txt filter=Sneaky.One\n' });
  const marker = join(p.dir, '..', 'program-ran');
  const program = (word: string) => `sh -c 'echo ${word} >> "${marker}"; cat'`;
  git('config', 'filter.evil.clean', program('evil'));
  git('config', 'filter.evil.required', 'true');
  // a second filter, defined in a file the config includes, under a name with a dot and capitals
  git('config', '-f', join(p.dir, '..', 'more.cfg'), 'filter.Sneaky.One.clean', program('sneaky'));
  git('config', 'include.path', '../../more.cfg');
  mkdirSync(join(p.dir, '.git', 'hooks'), { recursive: true });
  writeFileSync(join(p.dir, '.git', 'hooks', 'post-index-change'), `#!/bin/sh\necho hook >> "${marker}"\n`);
  chmodSync(join(p.dir, '.git', 'hooks', 'post-index-change'), 0o755);
  writeFileSync(join(p.dir, 'b.txt'), 'changed\n');
  // an older time on every file, as an unpacked archive leaves them: git must read them to know whether they changed
  for (const f of ['a.txt', 'b.txt', '.gitattributes']) utimesSync(join(p.dir, f), new Date('2020-01-01'), new Date('2020-01-01'));
  return { ...p, marker };
}

it("tack -p in a repository whose config names clean filters (its own and an included file's) and whose hooks watch the index: the git line is read, nothing runs", async () => {
  const { dir, home, marker } = filteringRepo();
  await gitLineRead(dir, home, marker);
  // and the repository is as hostile as it looks: plain git status runs its filters and its hook
  execFileSync('git', ['status', '--porcelain'], { cwd: dir, stdio: 'pipe' });
  expect(new Set(readFileSync(marker, 'utf8').split('\n').filter(Boolean))).toEqual(new Set(['evil', 'sneaky', 'hook']));
});

it("the app's @ list of a repository with such filters and hooks is git's list, and nothing runs", async () => {
  const { dir, marker } = filteringRepo();
  const index = new FileIndex(dir);
  await index.refresh();
  expect(index.get()).toEqual(expect.arrayContaining(['a.txt', 'b.txt']));
  expect(existsSync(marker)).toBe(false);
});

describe("the agent's read-only git, with commands unsandboxed", () => {
  /** A repository whose config has `git diff` run a program of its own. */
  function diffingRepo(): { dir: string; home: string; marker: string } {
    const { git, ...p } = committed({ 'a.txt': 'a\n' });
    const marker = join(p.dir, '..', 'diff-ran');
    git('config', 'diff.external', `sh -c 'touch "${marker}"'`);
    writeFileSync(join(p.dir, 'a.txt'), 'changed\n');
    return { ...p, marker };
  }

  const results = (s: MockServer, n: number) =>
    s
      .chatRequests()
      [n]!.body.messages.filter((m: { role: string }) => m.role === 'tool')
      .map((m: { content: string }) => m.content)
      .join('\n');

  it('a `git diff` judged read-only is asked about, not run, where the repository names an external diff', async () => {
    const { dir, home, marker } = diffingRepo();
    server = await startMockServer({ turns: [{ toolCalls: [{ name: 'bash', arguments: { command: 'git diff' } }] }, { text: 'ok' }] });
    const r = await runTack(['-p', '--approval', 'ask', '--sandbox', 'off', '--base-url', server.url, '-m', 'm', 'what changed?'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(results(server, 1)).toContain("refused: running `git diff`, which here may run a program this repository's git config or hooks name");
    expect(existsSync(marker)).toBe(false);
  });

  it('so is `git -C OTHER diff` from a plain workspace, where OTHER is such a repository', async () => {
    const hostile = diffingRepo();
    const { dir, home } = makeProject({ 'b.txt': 'b\n' });
    const command = `git -C ${hostile.dir} diff`;
    server = await startMockServer({ turns: [{ toolCalls: [{ name: 'bash', arguments: { command } }] }, { text: 'ok' }] });
    const r = await runTack(['-p', '--approval', 'ask', '--sandbox', 'off', '--base-url', server.url, '-m', 'm', 'what changed there?'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(results(server, 1)).toContain(`refused: running \`${command}\`, which here may run a program`);
    expect(existsSync(hostile.marker)).toBe(false);
  });

  it('so is `cd SUB && git diff`, where SUB is such a repository inside the workspace: the judge follows the `cd`', async () => {
    const { dir, home } = makeProject({ 'vendor/evil/a.txt': 'a\n' });
    const sub = join(dir, 'vendor', 'evil');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: sub, stdio: 'pipe' });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'first');
    const marker = join(dir, '..', 'diff-ran');
    git('config', 'diff.external', `sh -c 'touch "${marker}"'`);
    writeFileSync(join(sub, 'a.txt'), 'changed\n');
    const command = 'cd vendor/evil && git diff';
    server = await startMockServer({ turns: [{ toolCalls: [{ name: 'bash', arguments: { command } }] }, { text: 'ok' }] });
    const r = await runTack(['-p', '--approval', 'ask', '--sandbox', 'off', '--base-url', server.url, '-m', 'm', 'what changed there?'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(results(server, 1)).toContain("refused: running `git diff`, which here may run a program this repository's git config or hooks name");
    expect(existsSync(marker)).toBe(false);
  });

  it('in a plain repository the same `git diff` runs without a question', async () => {
    const { dir, home, marker } = diffingRepo();
    execFileSync('git', ['config', '--unset', 'diff.external'], { cwd: dir });
    server = await startMockServer({ turns: [{ toolCalls: [{ name: 'bash', arguments: { command: 'git diff' } }] }, { text: 'ok' }] });
    const r = await runTack(['-p', '--approval', 'ask', '--sandbox', 'off', '--base-url', server.url, '-m', 'm', 'what changed?'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(results(server, 1)).toContain('+changed');
    expect(existsSync(marker)).toBe(false);
  });
});

it('tack -w in a repository whose config names smudge and clean filters: the worktree is made and read, nothing runs', async () => {
  const { git, ...p } = committed({ 'a.txt': 'a\n', '.gitattributes': '* filter=evil\n' });
  const marker = join(p.dir, '..', 'filter-ran');
  for (const kind of ['smudge', 'clean']) git('config', `filter.evil.${kind}`, `sh -c 'echo ${kind} >> "${marker}"; cat'`);
  git('config', 'filter.evil.required', 'true');
  server = await startMockServer({ turns: [{ toolCalls: [{ name: 'read', arguments: { path: 'a.txt' } }] }, { text: 'read it' }] });
  const r = await runTack(['-w', 'look', '-p', '--base-url', server.url, '-m', 'm', 'read a.txt'], { cwd: p.dir, home: p.home });
  expect(r.code, r.stderr).toBe(0);
  const read = server.chatRequests()[1]!.body.messages.find((m: { role: string }) => m.role === 'tool');
  expect(JSON.stringify(read.content)).toContain('a');
  expect(existsSync(marker)).toBe(false);
  // and the repository is as hostile as it looks: a checkout of plain git runs the smudge filter
  git('worktree', 'add', '-q', join(p.dir, '..', 'plain-wt'));
  expect(readFileSync(marker, 'utf8')).toContain('smudge');
});

it('a `.git` or a `.git/config` that is a pipe holds nothing up: tack -p answers', async () => {
  const asFile = makeProject({ 'a.txt': 'a\n' });
  execFileSync('mkfifo', [join(asFile.dir, '.git')]);
  const asConfig = makeProject({ 'a.txt': 'a\n' });
  execFileSync('git', ['init', '-q'], { cwd: asConfig.dir });
  rmSync(join(asConfig.dir, '.git', 'config'));
  execFileSync('mkfifo', [join(asConfig.dir, '.git', 'config')]);
  for (const p of [asFile, asConfig]) {
    server = await startMockServer({ turns: [{ text: 'hello' }] });
    const r = await runTack(['-p', '--base-url', server.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('hello');
    await server.close();
    server = undefined;
  }
});
