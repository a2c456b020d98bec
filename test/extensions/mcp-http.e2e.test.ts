// Remote MCP servers: streamable HTTP (with headers and ${VAR} in them), and the SSE fallback for a
// server that only speaks the older transport, and OAuth against a local authorization server.
// The servers are the SDK's, on 127.0.0.1.
import type { ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collect, runTack, spawnTack } from '../support/cli.js';
import { callTool, mcpProject, startHttpTestServer } from '../support/mcp.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const scripted = scriptedServers();
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

const httpServer = (...flags: string[]) => startHttpTestServer(children, ...flags);

describe('remote MCP servers', () => {
  it('streamable HTTP: tools listed and called, headers sent with ${VAR} expanded', async () => {
    const base = await httpServer('--http', '--need-header');
    const s = await scripted([callTool('mcp__remote__echo', { message: 'over http' }), { text: 'ok' }]);
    const p = mcpProject({
      mcpServers: { remote: { type: 'http', url: `${base}/mcp`, headers: { 'X-Test-Auth': '${TEST_AUTH}' } } },
      permissions: { allow: ['mcp__remote__*'] },
    });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home, env: { TEST_AUTH: 'letmein' } });
    expect(r.code).toBe(0);
    expect(toolResultText(s.chatRequests()[1]!)).toBe('echo: over http');

    const list = await runTack(['mcp', 'list'], { cwd: p.dir, home: p.home, env: { TEST_AUTH: 'letmein' } });
    expect(list.stdout).toMatch(/^remote\s+user\s+http\s+ready, \d+ tools\n$/);
    const refused = await runTack(['mcp', 'list'], { cwd: p.dir, home: p.home, env: { TEST_AUTH: 'wrong' } });
    expect(refused.stdout).toMatch(/^remote\s+user\s+http\s+failed: Streamable HTTP error: Error POSTing to endpoint: forbidden/);
  });

  it('a server that only speaks SSE is reached through the SSE client when streamable HTTP fails', async () => {
    const base = await httpServer('--sse');
    const s = await scripted([callTool('mcp__old__echo', { message: 'over sse' }), { text: 'ok' }]);
    const p = mcpProject({ mcpServers: { old: { type: 'http', url: `${base}/sse` } }, permissions: { allow: ['mcp__old__*'] } });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(toolResultText(s.chatRequests()[1]!)).toBe('echo: over sse');
    const list = await runTack(['mcp', 'list'], { cwd: p.dir, home: p.home });
    expect(list.stdout).toMatch(/^old\s+user\s+http→sse\s+ready, \d+ tools\n$/);
  });

  it('a URL nothing listens on fails that server with the reason; the run goes on', async () => {
    const s = await scripted([{ text: 'fine' }]);
    const p = mcpProject({ mcpServers: { gone: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('fine\n');
    expect(r.stderr).toContain('tack: MCP server "gone" failed to start:');
  });
});

describe('OAuth', () => {
  it('a server that answers 401: tack prints the URL, takes the redirect on 127.0.0.1, keeps the tokens 0600, and the next run signs in no more', async () => {
    const base = await httpServer('--oauth');
    const p = mcpProject({
      mcpServers: { secure: { type: 'http', url: `${base}/mcp` } },
      permissions: { allow: ['mcp__secure__*'] },
      mcp: { startupWaitSeconds: 30 },
    });
    const s = await scripted([callTool('mcp__secure__echo', { message: 'signed in' }), { text: 'ok' }]);
    const child = spawnTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    const done = collect(child);
    // the user: opens the printed URL; the authorization server sends the browser back to tack
    const url = await new Promise<string>((resolve) => {
      let err = '';
      child.stderr!.on('data', (d: Buffer) => {
        err += d.toString();
        const m = /needs you to sign in: open (\S+)/.exec(err);
        if (m) resolve(m[1]!);
      });
    });
    expect(url.startsWith(`${base}/authorize?`)).toBe(true);
    expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
    const authorize = await fetch(url, { redirect: 'manual' });
    const back = authorize.headers.get('location')!;
    expect(back).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?code=/);
    expect((await fetch(back)).status).toBe(200);
    const r = await done;
    expect(r.code).toBe(0);
    expect(toolResultText(s.chatRequests()[1]!)).toBe('echo: signed in');
    const file = join(p.home, 'mcp-auth.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8')).servers[`${base}/mcp`];
    expect(saved.tokens.access_token).toMatch(/\S/);
    expect(saved.client.client_id).toMatch(/\S/);

    const again = await scripted([callTool('mcp__secure__echo', { message: 'still signed in' }), { text: 'ok' }]);
    const second = await runTack(['-p', '--base-url', again.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(second.code).toBe(0);
    expect(second.stderr).not.toContain('sign in');
    expect(toolResultText(again.chatRequests()[1]!)).toBe('echo: still signed in');
  });
});
