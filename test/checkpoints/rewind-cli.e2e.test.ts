import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collect, makeProject, runTack, spawnTack } from '../support/cli.js';
import type { Turn } from '../support/mock-openai-server.js';
import { isRunNote, scriptedServers } from '../support/scripted.js';

const server = scriptedServers();

const BOM_CRLF = '\ufeffconst a = 1;\r\nconst b = 2;\r\n';
const ORIGINAL: Record<string, string> = {
  'edit.txt': BOM_CRLF,
  'bashmod.txt': 'bash will change me\r\n',
  'bashdel.txt': 'bash will delete me\n',
};

const agentTurns = (): Turn[] => [
  {
    toolCalls: [
      { name: 'edit', arguments: { path: 'edit.txt', old_text: 'const b = 2;', new_text: 'const b = 3;' } },
      { name: 'write', arguments: { path: 'made/new.txt', content: 'the agent made me\n' } },
      { name: 'bash', arguments: { command: "printf 'appended\\n' >> bashmod.txt && rm bashdel.txt" } },
    ],
  },
  { text: 'done' },
];

/** A project that is a git repository with a commit, a stash and a staged file. */
function repoProject() {
  const p = makeProject(ORIGINAL);
  const g = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: p.dir, stdio: 'pipe' }).toString();
  g('init', '-q');
  g('add', '.');
  g('commit', '-qm', 'first');
  writeFileSync(join(p.dir, 'bashdel.txt'), 'stashed change\n');
  g('stash', '-q');
  writeFileSync(join(p.dir, 'staged.txt'), 'staged\n');
  g('add', 'staged.txt');
  const gitState = () => ({
    head: g('rev-parse', 'HEAD'),
    index: readFileSync(join(p.dir, '.git', 'index')).toString('hex'),
    stash: g('stash', 'list'),
    refs: g('for-each-ref'),
  });
  return { ...p, g, gitState };
}

const bytes = (dir: string, path: string) => (existsSync(join(dir, path)) ? readFileSync(join(dir, path)).toString('latin1') : null);

describe('tack rewind from the command line', () => {
  it('copies nothing from a folder too large to checkpoint, says so at once, and answers', { timeout: 60_000 }, async () => {
    // a turn that changes a file: the first such call takes the prompt's checkpoint
    const s = await server([{ toolCalls: [{ name: 'write', arguments: { path: 'new.txt', content: 'new\n' } }] }, { text: 'hello' }]);
    const p = makeProject({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n' });
    writeFileSync(join(p.home, 'config.json'), JSON.stringify({ checkpoints: { maxFiles: 2 } }));
    const run = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hi'], { cwd: p.dir, home: p.home });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('hello');
    expect(run.stderr).toContain('checkpoints are off for this session (no rewind): more than 2 files here would be copied (checkpoints.maxFiles)');
    const store = join(p.home, 'checkpoints', readdirSync(join(p.home, 'checkpoints'))[0]!, 'git', 'objects');
    const objects = readdirSync(store).filter((d) => /^[0-9a-f]{2}$/.test(d));
    expect(objects).toEqual([]);
    const r = await runTack(['rewind', '--list'], { cwd: p.dir, home: p.home });
    expect(`${r.stdout}${r.stderr}`).not.toContain('a.txt');
  });

  it('says which ignored folders changed since the checkpoint: they were never kept, and stay as they are', { timeout: 60_000 }, async () => {
    const s = await server([
      { toolCalls: [{ name: 'bash', arguments: { command: 'mkdir -p node_modules/pkg && echo x > node_modules/pkg/index.js && echo y > new.txt' } }] },
      { text: 'installed' },
    ]);
    const p = makeProject({ 'keep.txt': 'k\n' });
    const run = await runTack(['-p', '--base-url', s.url, '-m', 'm', '--approval', 'yolo', 'install it'], { cwd: p.dir, home: p.home });
    expect(run.code).toBe(0);
    const r = await runTack(['rewind', '--to', '1'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('deleted    new.txt');
    expect(r.stdout).toMatch(/not kept {3}node_modules\/ {2}\(ignored, never checkpointed; changed since: left as it is\)/);
    expect(existsSync(join(p.dir, 'node_modules', 'pkg', 'index.js'))).toBe(true);
  });

  it('brings back what edit, write and bash changed, to the byte, and leaves the user’s .git alone', { timeout: 60_000 }, async () => {
    const s = await server(agentTurns());
    const p = repoProject();
    const before = p.gitState();
    const run = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'change things\nsecond line'], { cwd: p.dir, home: p.home });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(bytes(p.dir, 'made/new.txt')).toBe('the agent made me\n');
    expect(bytes(p.dir, 'bashdel.txt')).toBeNull();
    expect(bytes(p.dir, 'bashmod.txt')).toContain('appended');

    const list = await runTack(['rewind', '--list'], { cwd: p.dir, home: p.home });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ {2}1 {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}change things {2}· 2 changed, 1 new, 1 deleted since\n$/);

    const r = await runTack(['rewind', '--to', '1', '--code'], { cwd: p.dir, home: p.home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('deleted    made/new.txt');
    expect(r.stdout).toContain('recreated  bashdel.txt');
    for (const [path, content] of Object.entries(ORIGINAL)) expect(bytes(p.dir, path)).toBe(Buffer.from(content).toString('latin1'));
    expect(existsSync(join(p.dir, 'made'))).toBe(false);
    expect(bytes(p.dir, 'staged.txt')).toBe('staged\n');
    expect(p.gitState()).toEqual(before);

    // the rewind is itself a checkpoint: going to it brings the agent's work back
    const undo = await runTack(['rewind', '--to', '2'], { cwd: p.dir, home: p.home });
    expect(undo.code).toBe(0);
    expect(bytes(p.dir, 'made/new.txt')).toBe('the agent made me\n');
    expect(bytes(p.dir, 'bashdel.txt')).toBeNull();
  });

  it('keeps a file the user changed after the agent, unless --force', { timeout: 60_000 }, async () => {
    const s = await server(agentTurns());
    const p = makeProject(ORIGINAL);
    await runTack(['-p', '--base-url', s.url, '-m', 'm', 'change things'], { cwd: p.dir, home: p.home });
    writeFileSync(join(p.dir, 'edit.txt'), 'the user edited this in their editor\n');
    const r = await runTack(['rewind', '--to', '1'], { cwd: p.dir, home: p.home });
    expect(r.stdout).toContain('restore   edit.txt  (changed outside tack since it last wrote it)');
    expect(r.stdout).toContain('kept       edit.txt');
    expect(bytes(p.dir, 'edit.txt')).toBe('the user edited this in their editor\n');
    expect(bytes(p.dir, 'bashmod.txt')).toBe('bash will change me\r\n');
    const forced = await runTack(['rewind', '--to', '1', '--force'], { cwd: p.dir, home: p.home });
    expect(forced.code).toBe(0);
    expect(bytes(p.dir, 'edit.txt')).toBe(Buffer.from(BOM_CRLF).toString('latin1'));
  });

  it('cuts the conversation back to before a prompt, and the next run sends a valid transcript without it', { timeout: 60_000 }, async () => {
    const s = await server([{ text: 'first answer' }, { text: 'second answer' }, { text: 'third answer' }]);
    const p = makeProject();
    await runTack(['-p', '--base-url', s.url, '-m', 'm', 'first question'], { cwd: p.dir, home: p.home });
    await runTack(['-c', '-p', '--base-url', s.url, '-m', 'm', 'second question'], { cwd: p.dir, home: p.home });
    const r = await runTack(['rewind', '--to', '2', '--conversation'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('conversation cut back to before checkpoint 2; its message was:\n  second question\n');
    const third = await runTack(['-c', '-p', '--base-url', s.url, '-m', 'm', 'third question'], { cwd: p.dir, home: p.home });
    expect(third.code).toBe(0);
    // the second run's note went with its message; the facts had not changed since the first's
    const sent = s.chatRequests()[2]!.body.messages.map((m: any) => `${m.role}: ${m.content}`);
    expect(sent.filter((m: string) => !m.startsWith('system'))).toEqual([
      expect.stringContaining('user: <context>'),
      'user: first question',
      'assistant: first answer',
      'user: third question',
    ]);
  });

  it('rewinds across a crash: kill -9 mid-run, then rewind --both and tack -c', { timeout: 60_000 }, async () => {
    const s = await server([...agentTurns().slice(0, 1), { hang: true }, { text: 'after the crash' }]);
    const p = makeProject(ORIGINAL);
    const child = spawnTack(['-p', '--base-url', s.url, '-m', 'm', 'change things'], { cwd: p.dir, home: p.home });
    const ended = collect(child);
    const deadline = Date.now() + 30_000;
    while (s.chatRequests().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(s.chatRequests()).toHaveLength(2);
    child.kill('SIGKILL');
    await ended;
    expect(bytes(p.dir, 'bashdel.txt')).toBeNull();
    const r = await runTack(['rewind', '--to', '1', '--both'], { cwd: p.dir, home: p.home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const [path, content] of Object.entries(ORIGINAL)) expect(bytes(p.dir, path)).toBe(Buffer.from(content).toString('latin1'));
    const next = await runTack(['-c', '-p', '--base-url', s.url, '-m', 'm', 'start over'], { cwd: p.dir, home: p.home });
    expect(next.code).toBe(0);
    const sent = s.chatRequests()[2]!.body.messages.filter((m: any) => m.role !== 'system' && !isRunNote(m));
    expect(sent.map((m: any) => m.content)).toEqual(['start over']);
  });

  it('says which checkpoints exist when the number is wrong, and prunes old sessions', { timeout: 60_000 }, async () => {
    const s = await server([{ toolCalls: [{ name: 'write', arguments: { path: 'new.txt', content: 'new\n' } }] }, { text: 'ok' }]);
    const p = makeProject({ 'a.txt': 'a' });
    await runTack(['-p', '--base-url', s.url, '-m', 'm', 'hello'], { cwd: p.dir, home: p.home });
    const wrong = await runTack(['rewind', '--to', '5'], { cwd: p.dir, home: p.home });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe('tack: there is no checkpoint 5: this session has 1 to 1\n');
    const kept = await runTack(['rewind', '--prune'], { cwd: p.dir, home: p.home });
    expect(kept.stdout).toContain('pruned checkpoints of 0 sessions');
    expect(readdirSync(join(p.home, 'checkpoints')).filter((f) => f !== 'last-prune')).toHaveLength(1);
  });
});

describe('--fork-session', () => {
  it('continues in a copy: a rewind of the copy leaves the original conversation and its checkpoints alone', { timeout: 60_000 }, async () => {
    const s = await server([
      { text: 'first answer' },
      { toolCalls: [{ name: 'write', arguments: { path: 'new.txt', content: 'new\n' } }] },
      { text: 'forked answer' },
    ]);
    const p = makeProject({ 'a.txt': 'a\n' });
    await runTack(['-p', '--base-url', s.url, '-m', 'm', 'first question'], { cwd: p.dir, home: p.home });
    const sessions = join(p.home, 'sessions');
    const dir = join(sessions, readdirSync(sessions)[0]!);
    const original = join(dir, readdirSync(dir).find((f) => f.endsWith('.jsonl'))!);
    const before = readFileSync(original, 'utf8');
    const fork = await runTack(['-c', '--fork-session', '-p', '--output-format', 'json', '--base-url', s.url, '-m', 'm', 'forked question'], {
      cwd: p.dir,
      home: p.home,
    });
    expect(fork.code).toBe(0);
    const forkId = JSON.parse(fork.stdout).session_id as string;
    expect(readFileSync(original, 'utf8')).toBe(before);
    const rw = await runTack(['rewind', '-r', forkId, '--to', '1', '--conversation'], { cwd: p.dir, home: p.home });
    expect(rw.code).toBe(0);
    expect(readFileSync(original, 'utf8')).toBe(before);
    const list = await runTack(['rewind', '--list', '-r', forkId], { cwd: p.dir, home: p.home });
    expect(list.stdout.split('\n').filter(Boolean)).toHaveLength(2);
    expect(
      existsSync(join(p.home, 'checkpoints', readdirSync(join(p.home, 'checkpoints')).find((f) => f !== 'last-prune')!, 'git', 'refs', 'tack', forkId)),
    ).toBe(true);
    const bad = await runTack(['--fork-session', '-p', '--base-url', s.url, 'x'], { cwd: p.dir, home: p.home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--fork-session needs a session to copy');
  });
});
