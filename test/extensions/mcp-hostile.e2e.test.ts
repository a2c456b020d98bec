// Hostile MCP servers (test/support/hostile-mcp-*.mjs): one that answers a call for ever, one that
// ignores SIGTERM, one that floods its stderr, one whose tool schema is megabytes. Each is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { boundedFetch } from '../../src/extensions/mcp/bounded-fetch.js';
import { repoRoot, runTack } from '../support/cli.js';
import { callTool, mcpProject } from '../support/mcp.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const scripted = scriptedServers();
const support = (file: string) => join(repoRoot, 'test', 'support', file);
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Starts a hostile HTTP server; its JSON lines (after `listening <port>`) are collected in `events`. */
function floodServer(): Promise<{ url: string; events: Record<string, number>[] }> {
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
        else events.push(JSON.parse(line));
      }
    });
    child.on('exit', (code) => reject(new Error(`the hostile server exited (${code})`)));
  });
}

describe('hostile MCP servers', () => {
  it('an HTTP answer that never ends is no longer read once the call timed out', async () => {
    const { url, events } = await floodServer();
    const s = await scripted([callTool('mcp__flood__flood'), callTool('bash', { command: 'sleep 6' }), { text: 'ok' }]);
    const p = mcpProject({
      mcpServers: { flood: { type: 'http', url, timeout: 1500 } },
      permissions: { allow: ['mcp__flood', 'bash(sleep *)'] },
    });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(toolResultText(s.chatRequests()[1]!)).toBe('the MCP server "flood" did not answer flood within 1.5 s; the call was cancelled');
    const called = events.find((e) => 'called' in e)!.called!;
    const closed = events.find((e) => 'closed' in e)?.closed;
    // closed well before tack's 6 s command ended (before the fix: only when tack exited)
    expect(closed).toBeDefined();
    expect(closed! - called).toBeLessThan(4500);
  });

  it('an answer is not read past 32 MB, whatever the time left', async () => {
    const { url, events } = await floodServer();
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'flood', arguments: {} } };
    const response = await boundedFetch({ callMs: 60_000, startMs: 60_000 })(url, { method: 'POST', body: JSON.stringify(call) });
    await expect(response.text()).rejects.toThrow("the MCP server's answer passed 32 MB; tack stopped reading it");
    // and the socket is closed, not left for the server to fill
    await expect.poll(() => events.some((e) => 'closed' in e)).toBe(true);
  });
});
