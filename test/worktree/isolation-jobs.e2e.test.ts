// A worktree child's background job is its parent's: numbered in the parent's table, counted against
// the parent's jobs.max, an event in the parent's stream, and stopped (its processes gone) before the
// child's worktree is removed; the parent's own job runs on.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';
import type { RecordedRequest } from '../support/mock-openai-server.js';
import { withMarker } from '../jobs/support.js';
import { git, gitWorktrees } from './repo.js';

const server = scriptedServers();

/** The tool result the model received last in a request. */
const lastResult = (r: RecordedRequest) => toolResultText({ ...r, body: { ...r.body, messages: r.body.messages.slice(-1) } });

/** A sleep whose command line holds `marker`; the shell's own line holds it only split in two. */
const sleeper = (marker: string) => `exec -a "${marker.slice(0, 4)}""${marker.slice(4)}" sleep 300`;
const background = (command: string) => ({ toolCalls: [{ name: 'bash', arguments: { command, run_in_background: true } }] });

it("a worktree child's job is the parent's: counted, seen, and stopped before its worktree goes", { timeout: 60_000 }, async () => {
  const p = makeProject({ 'a.txt': 'a\n' });
  git(p.dir, 'init', '-q', '-b', 'main');
  git(p.dir, 'config', 'user.email', 'user@example.com');
  git(p.dir, 'config', 'user.name', 'User');
  git(p.dir, 'add', '-A');
  git(p.dir, 'commit', '-qm', 'first');
  mkdirSync(join(p.home, 'agents'));
  writeFileSync(join(p.home, 'agents', 'runner.md'), '---\nname: runner\ndescription: runs things\nisolation: worktree\n---\nRun what you are asked to.\n');
  writeFileSync(join(p.home, 'config.json'), JSON.stringify({ jobs: { max: 2 } }));
  const stamp = `${process.pid}-${Date.now()}`;
  const [parentJob, childJob] = [`tackparent-${stamp}`, `tackchild-${stamp}`];
  let seen: { parent: number; child: number } | undefined;
  const s = await server([
    background(sleeper(parentJob)),
    { toolCalls: [{ name: 'task', arguments: { description: 'run', prompt: 'start a job', agent: 'runner' } }] },
    background(sleeper(childJob)),
    background('sleep 1'),
    { text: 'started one' },
    () => {
      seen = { parent: withMarker(parentJob).length, child: withMarker(childJob).length };
      return { text: 'done' };
    },
  ]);
  const run = await runTack(['-p', '--output-format', 'stream-json', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
  expect(run.code, run.stderr).toBe(0);
  const requests = s.chatRequests();
  expect(lastResult(requests[1]!)).toContain('job 1 started');
  // the child's job is numbered in the parent's table, and the parent's max counts both
  expect(lastResult(requests[3]!)).toContain('job 2 started');
  expect(lastResult(requests[4]!)).toContain('2 jobs are running already (jobs 1, 2), the limit (jobs.max)');
  expect(toolResultText(requests[5]!)).toContain("[the runner agent's background job 2 (exec -a");
  expect(toolResultText(requests[5]!)).toContain('was stopped with its worktree]');
  // when the parent heard back, the child's job had ended and its own still ran
  expect(seen).toEqual({ parent: 1, child: 0 });
  const events = run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((e) => e.type.startsWith('job_'));
  expect(events).toContainEqual({ type: 'job_started', job: expect.objectContaining({ id: 2, state: 'running' }) });
  expect(events).toContainEqual(expect.objectContaining({ type: 'job_exited', job: expect.objectContaining({ id: 2, state: 'stopped' }) }));
  expect(gitWorktrees(p.dir)).toEqual([p.dir]);
  expect(withMarker(parentJob)).toEqual([]);
});
