// One system prompt per session: `tack -c` in a new process sends the one the session file keeps,
// byte for byte, and what changed since (another day, a new commit, a changed AGENTS.md) reaches the
// model in a note with the new message. A model server reuses its prompt cache for the whole prefix.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, repoRoot, runTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();
const FAKE_CLOCK = { NODE_OPTIONS: `--import=${join(repoRoot, 'test', 'support', 'fake-clock.mjs')}`, FAKE_CLOCK_DAYS: '3' };

function git(dir: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, stdio: 'pipe' });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('a continued session keeps its system prompt', () => {
  it('tack -c in a new process: the same system message and tools; the new date, commit and AGENTS.md come in a note', { timeout: 60_000 }, async () => {
    const p = makeProject({ 'a.txt': 'one\n', 'AGENTS.md': 'Use tabs.\n' });
    git(p.dir, 'init', '-q', '-b', 'main');
    git(p.dir, 'add', '.');
    git(p.dir, 'commit', '-q', '-m', 'first commit');
    const s1 = await server([{ text: 'first answer' }]);
    const one = await runTack(['-p', '--base-url', s1.url, '-m', 'm', 'hello'], { cwd: p.dir, home: p.home });
    expect(one.stderr).toBe('');

    writeFileSync(join(p.dir, 'a.txt'), 'two\n');
    git(p.dir, 'commit', '-q', '-am', 'second commit');
    writeFileSync(join(p.dir, 'AGENTS.md'), 'Use spaces.\n');
    const s2 = await server([{ text: 'second answer' }]);
    const two = await runTack(['-p', '-c', '--base-url', s2.url, '-m', 'm', 'again'], { cwd: p.dir, home: p.home, env: FAKE_CLOCK });
    expect(two.stderr).toBe('');
    expect(two.stdout).toBe('second answer\n');

    const before = s1.chatRequests()[0]!.body;
    const after = s2.chatRequests()[0]!.body;
    expect(after.messages[0]).toEqual(before.messages[0]);
    expect(after.tools).toEqual(before.tools);
    // the first process's conversation, as it was sent, then its answer, then the note and the message
    expect(after.messages.slice(0, before.messages.length)).toEqual(before.messages);
    const added = after.messages.slice(before.messages.length);
    expect(added.map((m: any) => m.role)).toEqual(['assistant', 'user', 'user']);
    expect(added[1].content).toContain(`- Date: ${inDays(3)}`);
    expect(added[1].content).toContain('- Git: branch main, dirty (1 changed path); last commit: second commit');
    expect(added[1].content).toContain('Use spaces.');
    expect(added[2].content).toBe('again');
    // the first note told the facts of its day; the system prompt holds none of them
    expect(before.messages[1].content).toContain(`- Date: ${inDays(0)}`);
    expect(before.messages[1].content).toContain('last commit: first commit');
    expect(before.messages[0].content).not.toContain('last commit');
    expect(before.messages[0].content).not.toContain(inDays(0));
    // the session file keeps the prompt once
    const dir = join(p.home, 'sessions', readdirSync(join(p.home, 'sessions'))[0]!);
    const lines = readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8')
      .trim()
      .split('\n');
    expect(lines.filter((l) => JSON.parse(l).type === 'system')).toHaveLength(1);
  });

  it('--append-system-prompt on a continued session builds the prompt anew, and the file keeps the new one', { timeout: 60_000 }, async () => {
    const p = makeProject({ 'a.txt': 'one\n' });
    const s1 = await server([{ text: 'first answer' }]);
    await runTack(['-p', '--base-url', s1.url, '-m', 'm', 'hello'], { cwd: p.dir, home: p.home });
    const s2 = await server([{ text: 'second answer' }]);
    await runTack(['-p', '-c', '--append-system-prompt', 'Answer in French.', '--base-url', s2.url, '-m', 'm', 'again'], { cwd: p.dir, home: p.home });
    const s3 = await server([{ text: 'third answer' }]);
    await runTack(['-p', '-c', '--base-url', s3.url, '-m', 'm', 'and again'], { cwd: p.dir, home: p.home });
    const system = (s: typeof s1) => s.chatRequests()[0]!.body.messages[0].content as string;
    expect(system(s1)).not.toContain('Answer in French.');
    expect(system(s2)).toContain('Answer in French.');
    expect(system(s3)).toBe(system(s2));
  });
});
