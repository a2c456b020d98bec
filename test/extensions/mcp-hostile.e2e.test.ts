// Hostile MCP servers (test/support/hostile-mcp-*.mjs): one that answers a call for ever, one that
// ignores SIGTERM, one that floods its stderr, one whose tool schema is megabytes. Each is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StdioSpec } from '../../src/config/mcp-servers.js';
import { boundedFetch } from '../../src/extensions/mcp/bounded-fetch.js';
import { McpManager } from '../../src/extensions/mcp/manager.js';
import { MAX_LOG_BYTES } from '../../src/extensions/mcp/server-log.js';
import { makeProject, repoRoot, runTack } from '../support/cli.js';
import { callTool, mcpProject, offeredTools } from '../support/mcp.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const scripted = scriptedServers();
const support = (file: string) => join(repoRoot, 'test', 'support', file);
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Starts a hostile HTTP server; its JSON lines (after `listening <port>`) are collected in `events`; `onClosed` runs when it says a socket closed. */
function floodServer(onClosed?: () => void): Promise<{ url: string; events: Record<string, number>[] }> {
  const child = spawn(process.execPath, [support('hostile-mcp-http.mjs')], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  const events: Record<string, number>[] = [];
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const line of lines) {
        const m = /^listening (\d+)$/.exec(line);
        if (m) resolve({ url: `http://127.0.0.1:${m[1]}/mcp`, events });
        else {
          const event = JSON.parse(line);
          events.push(event);
          if ('closed' in event) onClosed?.();
        }
      }
    });
    child.on('exit', (code) => reject(new Error(`the hostile server exited (${code})`)));
  });
}

const STDIO = support('hostile-mcp-stdio.mjs');

/** Whether a process runs (an exited one nobody reaped yet, a zombie, does not); the test kills what is left. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}
const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});
function readPid(file: string): number {
  const pid = Number(readFileSync(file, 'utf8'));
  leftovers.push(pid);
  return pid;
}

describe('hostile MCP servers', () => {
  it('an HTTP answer that never ends is no longer read once the call timed out', async () => {
    // the next command waits (10 s at most) for the server to see its socket closed, while tack still runs
    const waitClosed = 'for i in $(seq 100); do [ -e closed ] && { echo closed; exit 0; }; sleep 0.1; done; echo still open; exit 1\n';
    let closedMark = '';
    const { url } = await floodServer(() => writeFileSync(closedMark, ''));
    const s = await scripted([callTool('mcp__flood__flood'), callTool('bash', { command: 'sh wait-closed.sh' }), { text: 'ok' }]);
    const p = mcpProject(
      { mcpServers: { flood: { type: 'http', url, timeout: 1500 } }, permissions: { allow: ['mcp__flood', 'bash(sh wait-closed.sh)'] } },
      { 'wait-closed.sh': waitClosed },
    );
    closedMark = join(p.dir, 'closed');
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(toolResultText(s.chatRequests()[1]!)).toBe('the MCP server "flood" did not answer flood within 1.5 s; the call was cancelled');
    // closed before tack's next command ended (before the fix: only when tack exited)
    expect(toolResultText(s.chatRequests()[2]!)).toContain('closed');
    expect(toolResultText(s.chatRequests()[2]!)).not.toContain('still open');
  });

  it('an answer is not read past 32 MB, whatever the time left', async () => {
    const { url, events } = await floodServer();
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'flood', arguments: {} } };
    const response = await boundedFetch({ callMs: 60_000, startMs: 60_000 })(url, { method: 'POST', body: JSON.stringify(call) });
    await expect(response.text()).rejects.toThrow("the MCP server's answer passed 32 MB; tack stopped reading it");
    // and the socket is closed, not left for the server to fill
    await expect.poll(() => events.some((e) => 'closed' in e)).toBe(true);
  });

  it('a stdio server that traps SIGTERM is killed when tack -p ends', async () => {
    const pidFile = join(makeProject().dir, 'pid');
    const s = await scripted([{ text: 'ok' }]);
    const p = mcpProject({ mcpServers: { stubborn: { command: process.execPath, args: [STDIO, '--ignore-term', '--pid-file', pidFile] } } });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(existsSync(pidFile)).toBe(true);
    const pid = readPid(pidFile);
    // tack waited out the grace period and killed it before leaving
    expect(alive(pid)).toBe(false);
  });

  it('closing the servers kills one that traps SIGTERM after the grace period', async () => {
    const dir = makeProject();
    const pidFile = join(dir.dir, 'pid');
    const spec: StdioSpec = {
      name: 'stubborn',
      source: 'test',
      disabled: false,
      timeoutMs: 60_000,
      transport: 'stdio',
      command: process.execPath,
      args: [STDIO, '--ignore-term', '--pid-file', pidFile],
      env: {},
      cwd: undefined,
    };
    const manager = new McpManager([spec], { home: dir.home, baseEnv: { PATH: process.env.PATH ?? '' }, version: '0' });
    await manager.ready(30_000);
    expect(manager.servers()[0]!.state).toBe('ready');
    const pid = readPid(pidFile);
    const started = Date.now();
    await manager.close();
    expect(alive(pid)).toBe(false);
    expect(Date.now() - started).toBeLessThan(3500);
  });

  it("a server's stderr flood never takes its log past 5 MB, and the server still works", async () => {
    const s = await scripted([callTool('mcp__chatty__small'), { text: 'ok' }]);
    const p = mcpProject({
      mcpServers: { chatty: { command: process.execPath, args: [STDIO, '--chatty', '16'] } },
      permissions: { allow: ['mcp__chatty'] },
    });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(toolResultText(s.chatRequests()[1]!)).toBe('small ran');
    const log = join(p.home, 'logs', 'mcp-chatty.log');
    expect(statSync(log).size).toBeLessThanOrEqual(MAX_LOG_BYTES);
    expect(readFileSync(log, 'utf8')).toContain('chatter chatter');
  });

  it("a tool whose schema is megabytes is left out with a sentence; the server's other tools are offered", async () => {
    const s = await scripted([callTool('mcp__big__small'), { text: 'ok' }]);
    const p = mcpProject({
      mcpServers: { big: { command: process.execPath, args: [STDIO, '--huge-schema'] } },
      permissions: { allow: ['mcp__big'] },
    });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /tack: the MCP server "big": the tool "huge" \(\d\.\d MB\) was left out: a tool's schema goes with every request to the model, and tack takes at most 64 KB\n/,
    );
    const first = s.chatRequests()[0]!;
    expect(offeredTools(first).filter((n) => n.startsWith('mcp__'))).toEqual(['mcp__big__small']);
    expect(JSON.stringify(first.body).length).toBeLessThan(200_000);
    expect(toolResultText(s.chatRequests()[1]!)).toBe('small ran');
  });
});
