// No job outlives tack: a job that leaves processes behind every way a shell can (setsid, a double
// fork, nohup, `&`) loses all of them to job_stop, to tack's exit, and to `kill -9` of tack; with the
// sandbox (its own pid namespace) and without (its process group, its marker, the reaper). The
// processes are found from outside, by a marker in their command lines.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeProject, spawnTack } from '../support/cli.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';
import { bwrapWorks, escapingJob, printRun, sandboxModes, until, withMarker } from './support.js';

const server = scriptedServers();
const FIVE = (n: number) => n >= 5;
const NONE = (n: number) => n === 0;

describe.each(sandboxModes)('a job that escapes its shell, sandbox %s', (sandbox) => {
  it('job_stop ends every process it started, before the call returns', async () => {
    const marker = `tackjob${randomUUID().slice(0, 8)}`;
    let seenRunning = -1;
    let leftAfterStop = -1;
    const s = await server([
      { toolCalls: [{ name: 'bash', arguments: { command: escapingJob(marker), run_in_background: true, wait_for: 'spawned' } }] },
      () => {
        seenRunning = withMarker(marker).length;
        return { toolCalls: [{ name: 'job_stop', arguments: { job_id: 1 } }] };
      },
      () => {
        leftAfterStop = withMarker(marker).length;
        return { text: 'done' };
      },
    ]);
    const r = await printRun(s.url, sandbox);
    expect(r.code).toBe(0);
    // the last one, `exec -a …-main`, may not have replaced the shell yet when "spawned" was printed
    expect(seenRunning).toBeGreaterThanOrEqual(4);
    expect(toolResultText(s.chatRequests()[2]!)).toContain('job 1 stopped');
    expect(leftAfterStop).toBe(0);
  });

  it("tack's exit ends them", async () => {
    const marker = `tackjob${randomUUID().slice(0, 8)}`;
    let seenRunning = -1;
    const s = await server([
      { toolCalls: [{ name: 'bash', arguments: { command: escapingJob(marker), run_in_background: true, wait_for: 'spawned' } }] },
      () => {
        seenRunning = withMarker(marker).length;
        return { text: 'done, the job still runs' };
      },
    ]);
    const r = await printRun(s.url, sandbox);
    expect(r.code).toBe(0);
    expect(seenRunning).toBeGreaterThanOrEqual(4);
    expect(await until(marker, NONE)).toBe(0);
  });

  it('kill -9 of tack ends them', async () => {
    const marker = `tackjob${randomUUID().slice(0, 8)}`;
    const s = await server([
      { toolCalls: [{ name: 'bash', arguments: { command: escapingJob(marker), run_in_background: true } }] },
      // the model never answers: tack waits, with the job running, until it is killed
      { hang: true },
    ]);
    const { dir, home } = makeProject();
    const tack = spawnTack(['-p', '--yolo', '--sandbox', sandbox, '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    const closed = new Promise((resolve) => tack.once('close', resolve));
    expect(await until(marker, FIVE)).toBe(5);
    tack.kill('SIGKILL');
    await closed;
    expect(await until(marker, NONE)).toBe(0);
  });
});

describe.runIf(bwrapWorks)('with the sandbox, a job process that clears its environment and leaves its session', () => {
  it('still ends with job_stop, and with kill -9 of tack: its pid namespace holds it', async () => {
    const marker = `tackjob${randomUUID().slice(0, 8)}`;
    let leftAfterStop = -1;
    const s = await server([
      { toolCalls: [{ name: 'bash', arguments: { command: escapingJob(marker, true), run_in_background: true, wait_for: 'spawned' } }] },
      { toolCalls: [{ name: 'job_stop', arguments: { job_id: 1 } }] },
      () => {
        leftAfterStop = withMarker(marker).length;
        return { toolCalls: [{ name: 'bash', arguments: { command: escapingJob(`${marker}b`, true), run_in_background: true } }] };
      },
      { hang: true },
    ]);
    const { dir, home } = makeProject();
    const tack = spawnTack(['-p', '--yolo', '--sandbox', 'on', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    const closed = new Promise((resolve) => tack.once('close', resolve));
    expect(await until(`${marker}b`, (n) => n >= 6)).toBe(6);
    expect(leftAfterStop).toBe(0);
    tack.kill('SIGKILL');
    await closed;
    expect(await until(marker, NONE)).toBe(0);
  });
});
