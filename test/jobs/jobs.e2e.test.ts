// Background jobs end to end: the built CLI in print mode, the scripted model, real processes.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closedPort } from '../support/cli.js';
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
