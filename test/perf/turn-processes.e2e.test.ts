// What a read-only one-turn `tack -p` costs in processes: the programs it starts (traced with strace)
// and what is left of it in its process group once it has returned.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cleanEnv, collect, makeProject, tackBin } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';

const server = scriptedServers();
const strace = spawnSync('strace', ['-V']).status === 0;

/** The programs a `tack -p` run executed (the node it was started as left out), by base name. */
async function programsOf(cwd: string, home: string, url: string): Promise<string[]> {
  const trace = join(home, '..', `trace-${Date.now()}.txt`);
  const args = [
    '-f',
    '-qq',
    '-e',
    'trace=execve',
    '-e',
    'signal=none',
    '-o',
    trace,
    process.execPath,
    tackBin,
    '-p',
    '--base-url',
    url,
    '-m',
    'm',
    'look at a.txt',
  ];
  const child = spawn('strace', args, { cwd, env: cleanEnv(home), stdio: 'pipe' });
  child.stdin!.end();
  const run = await collect(child);
  expect(run.stderr).not.toContain('Error');
  expect(run.stdout).toContain('it says hello');
  return readFileSync(trace, 'utf8')
    .split('\n')
    .filter((line) => /execve\(/.test(line) && !/= -1 /.test(line))
    .map((line) => /execve\("([^"]+)"/.exec(line)?.[1]?.split('/').pop() ?? '?')
    .slice(1);
}

const readTurn = () => [{ toolCalls: [{ name: 'read', arguments: { path: 'a.txt' } }] }, { text: 'it says hello' }];

it.skipIf(!strace)('a read-only turn outside a repository starts no process once bubblewrap is known', { timeout: 90_000 }, async () => {
  const p = makeProject({ 'a.txt': 'hello\n' });
  const first = await programsOf(p.dir, p.home, (await server(readTurn())).url);
  // the sandbox probe, at most, and only the first time ($TACK_HOME remembers it)
  expect(first.filter((name) => name !== 'bwrap' && name !== 'true')).toEqual([]);
  expect(await programsOf(p.dir, p.home, (await server(readTurn())).url)).toEqual([]);
});

it.skipIf(!strace)('a read-only turn in a repository reads its git facts in one call and takes no checkpoint', { timeout: 90_000 }, async () => {
  const p = makeProject({ 'a.txt': 'hello\n' });
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: p.home };
  spawnSync('git', ['init', '-q'], { cwd: p.dir, env });
  spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'first'], { cwd: p.dir, env });
  writeFileSync(join(p.dir, 'b.txt'), 'new\n');
  await programsOf(p.dir, p.home, (await server(readTurn())).url);
  const s = await server(readTurn());
  expect(await programsOf(p.dir, p.home, s.url)).toEqual(['git']);
  // the model is told what the call found
  expect(JSON.stringify(s.chatRequests()[0]!.body.messages[1])).toMatch(/branch (master|main), dirty \(2 changed paths\); last commit: first/);
});

it('nothing of tack is left in its process group after `tack -p` returns', { timeout: 60_000 }, async () => {
  const p = makeProject({ 'a.txt': 'hello\n' });
  const s = await server(readTurn());
  const child = spawn(process.execPath, [tackBin, '-p', '--base-url', s.url, '-m', 'm', 'look at a.txt'], {
    cwd: p.dir,
    env: cleanEnv(p.home),
    stdio: 'pipe',
    detached: true,
  });
  child.stdin!.end();
  const run = await collect(child);
  expect(run.code).toBe(0);
  const group = spawnSync('ps', ['-e', '-o', 'pgid=,pid=,stat=,args='], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.trim().split(/\s+/)[0] === String(child.pid));
  expect(group).toEqual([]);
});
