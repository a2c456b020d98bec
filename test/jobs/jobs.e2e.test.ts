// Background jobs end to end: the built CLI in print mode, the scripted model, real processes.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closedPort, makeProject, projectWithSettings, runTack } from '../support/cli.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';
import type { RecordedRequest } from '../support/mock-openai-server.js';
import { printRun, sandboxModes } from './support.js';

const server = scriptedServers();
const bash = (args: Record<string, unknown>) => ({ toolCalls: [{ name: 'bash', arguments: args }] });
const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });
/** The tool result the model received last in a request. */
const lastResult = (r: RecordedRequest) => toolResultText({ ...r, body: { ...r.body, messages: r.body.messages.slice(-1) } });

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.each(sandboxModes)('background jobs, sandbox %s', (sandbox) => {
  it('a server started in the background, waited for by its port, fetched by a later command, then stopped', async () => {
    const port = await closedPort();
    const serve = `node -e "require('http').createServer((q, s) => s.end('hello from job')).listen(${port}, '127.0.0.1', () => console.log('listening'))"`;
    const fetch = `node -e "fetch('http://127.0.0.1:${port}/').then((r) => r.text()).then(console.log)"`;
    const probe = `node -e "require('net').connect(${port}, '127.0.0.1').on('connect', () => console.log('open')).on('error', () => console.log('closed'))"`;
    const s = await server([
      bash({ command: serve, run_in_background: true, wait_for: `port:${port}`, wait_timeout: 60 }),
      bash({ command: fetch }),
      call('job_stop', { job_id: 1 }),
      bash({ command: probe }),
      { text: 'done' },
    ]);
    const r = await printRun(s.url, sandbox);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [, started, fetched, stopped, probed] = s.chatRequests().map(lastResult);
    expect(started).toMatch(/^job 1 started: node -e/);
    expect(started).toMatch(new RegExp(`ready: port ${port} accepted a connection after \\d+\\.\\d s`));
    expect(fetched).toBe('hello from job');
    expect(stopped).toContain('job 1 stopped: it and every process it started have ended');
    expect(probed).toBe('closed');
    expect(await portOpen(port)).toBe(false);
  });
});

describe('what the model hears of a job', () => {
  it("an exiting job's note (its number, exit code, last lines) reaches the model's next request", async () => {
    // the job waits for the file the next command makes, so it ends while that command runs
    const job = 'echo waiting; while [ ! -e go ]; do sleep 0.05; done; echo bye from the job; exit 3';
    const s = await server([bash({ command: job, run_in_background: true }), bash({ command: 'touch go; sleep 1' }), { text: 'done' }]);
    const r = await printRun(s.url, sandboxModes[0]);
    expect(r.code).toBe(0);
    const requests = s.chatRequests();
    expect(lastResult(requests[1]!)).toContain('job 1 started');
    const third = requests[2]!.body.messages.map((m: { content: unknown }) => JSON.stringify(m.content)).join('\n');
    expect(third).toMatch(/\[tack: background job 1 \(echo waiting; .*\) exited with code 3 after \d+ s; its last lines:\\nwaiting\\nbye from the job\]/);
  });

  it('a long log is kept capped: job_output pages from the start, says what was dropped, and shows the end', async () => {
    // 3 MB of numbered lines, more than the 1 MB head and 1 MB tail kept
    const job = 'seq -w 1 300000 | sed "s/$/ xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/"; echo END-OF-LOG; sleep 1000';
    const s = await server([
      bash({ command: job, run_in_background: true, wait_for: 'END-OF-LOG', wait_timeout: 120 }),
      call('job_output', { job_id: 1, since: 0 }),
      call('job_output', { job_id: 1, tail: 2 }),
      call('job_output', { job_id: 1, filter: '^0001[01]0 ' }),
      { text: 'done' },
    ]);
    const r = await printRun(s.url, sandboxModes[0]);
    expect(r.code).toBe(0);
    const [, started, first, end, filtered] = s.chatRequests().map(lastResult);
    expect(started).toMatch(/ready: matched 'END-OF-LOG' after \d+\.\d s/);
    expect(first).toMatch(/^job 1 \(running for \d+ s\): seq -w/);
    expect(first).toContain('\n000001 xxx');
    expect(first).toMatch(/\[\d+ more lines follow: call again with since: \d+\]/);
    expect(first.length).toBeLessThan(40_000);
    expect(end).toContain('were not kept: tack keeps the first and the last part of a long log');
    expect(end).toMatch(/x\nEND-OF-LOG\n\[output up to byte (\d+) of \1;/);
    expect(filtered).toContain('000100 xxx');
    expect(filtered).toContain('000110 xxx');
  });
});

describe('jobs.max', () => {
  it('a settings file lowers the limit: one job more than it is refused with the reason', async () => {
    const s = await server([
      bash({ command: 'sleep 100', run_in_background: true }),
      bash({ command: 'sleep 100', run_in_background: true }),
      { text: 'done' },
    ]);
    const { dir, home } = projectWithSettings({ jobs: { max: 1 } });
    const r = await runTack(['-p', '--yolo', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    expect(lastResult(s.chatRequests()[2]!)).toBe('1 job is running already (jobs 1), the limit (jobs.max); stop one with job_stop first');
  });
});

describe('stream-json', () => {
  it('a job is two events: job_started when bash starts it, job_exited when it ends', async () => {
    const s = await server([
      bash({ command: 'echo hi; sleep 0.2; echo bye', run_in_background: true, wait_for: 'bye' }),
      bash({ command: 'sleep 1' }),
      { text: 'done' },
    ]);
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--yolo', '--output-format', 'stream-json', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
    expect(r.code).toBe(0);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((e) => e.type.startsWith('job_'));
    expect(events).toEqual([
      { type: 'job_started', job: expect.objectContaining({ id: 1, command: 'echo hi; sleep 0.2; echo bye', state: 'running' }) },
      { type: 'job_exited', job: expect.objectContaining({ id: 1, state: 'exited', exitCode: 0, lastLine: 'bye' }), last_lines: ['hi', 'bye'] },
    ]);
  });
});

describe.each(sandboxModes)('a server run in the foreground, sandbox %s', (sandbox) => {
  it('is still killed at its timeout, and the result says to start it in the background', async () => {
    const port = await closedPort();
    const serve = `node -e "require('http').createServer(() => {}).listen(${port}, '127.0.0.1', () => console.log('listening'))"`;
    const s = await server([bash({ command: serve, timeout: 2 }), { text: 'done' }]);
    const r = await printRun(s.url, sandbox);
    expect(r.code).toBe(0);
    const result = lastResult(s.chatRequests()[1]!);
    expect(result).toContain('[timed out after 2 s; the command and its child processes were killed]');
    expect(result).toContain(
      `[it was still listening on port ${port}: a server does not end by itself. Start it with run_in_background: true and wait_for: "port:${port}"`,
    );
  });
});
