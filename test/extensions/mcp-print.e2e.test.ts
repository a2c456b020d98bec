// MCP end to end from the command line: the built CLI in print mode, the scripted model server, and
// real MCP servers over stdio (the reference `everything` server and tack's test server).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTack } from '../support/cli.js';
import { EVERYTHING, TEST_SERVER, callTool, mcpProject, offeredTools } from '../support/mcp.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const scripted = scriptedServers();
const run = (url: string, p: { dir: string; home: string }, extra: string[] = []) =>
  runTack(['-p', '--base-url', url, '-m', 'm', ...extra, 'go'], { cwd: p.dir, home: p.home });

describe('MCP tools in print mode', () => {
  it('the model calls mcp__everything__echo, allowed by a rule, and gets the echo; the schema is passed through, not strict', async () => {
    const s = await scripted([callTool('mcp__everything__echo', { message: 'hello over MCP' }), { text: 'done' }]);
    const p = mcpProject({ mcpServers: { everything: EVERYTHING }, permissions: { allow: ['mcp__everything__echo'] } });
    const r = await run(s.url, p);
    expect(r.stdout).toBe('done\n');
    expect(r.code).toBe(0);
    const [first, second] = s.chatRequests();
    const echo = first!.body.tools.find((t: any) => t.function.name === 'mcp__everything__echo');
    expect(echo.function.parameters.properties.message.type).toBe('string');
    expect(echo.function.strict).toBeUndefined();
    expect(toolResultText(second!)).toBe('Echo: hello over MCP');
  });

  it('without a rule print mode refuses the call (it would ask), and nothing reaches the server', async () => {
    const s = await scripted([callTool('mcp__t__pid'), { text: 'ok' }]);
    const p = mcpProject({ mcpServers: { t: TEST_SERVER } });
    const r = await run(s.url, p);
    expect(r.code).toBe(0);
    expect(toolResultText(s.chatRequests()[1]!)).toContain(
      'refused: using the MCP tool mcp__t__pid needs --approval yolo or an allow rule (e.g. "mcp__t__pid" in permissions.allow',
    );
    expect(readFileSync(join(p.home, 'logs', 'mcp-t.log'), 'utf8')).not.toContain('pid');
  });

  it('mcp__server__* allows every tool of the server; a readOnlyHint counts only with mcp.trustReadOnlyHints', async () => {
    const wild = await scripted([callTool('mcp__t__pid'), { text: 'ok' }]);
    await run(wild.url, mcpProject({ mcpServers: { t: TEST_SERVER }, permissions: { allow: ['mcp__t__*'] } }));
    expect(toolResultText(wild.chatRequests()[1]!)).toMatch(/^pid \d+$/);

    const hinted = await scripted([
      {
        toolCalls: [
          { name: 'mcp__t__look', arguments: {} },
          { name: 'mcp__t__pid', arguments: {} },
        ],
      },
      { text: 'ok' },
    ]);
    await run(hinted.url, mcpProject({ mcpServers: { t: TEST_SERVER }, mcp: { trustReadOnlyHints: true } }));
    const results = toolResultText(hinted.chatRequests()[1]!).split('\n');
    expect(results[0]).toBe('looked around');
    expect(results[1]).toContain('refused: using the MCP tool mcp__t__pid');

    const untrusted = await scripted([callTool('mcp__t__look'), { text: 'ok' }]);
    await run(untrusted.url, mcpProject({ mcpServers: { t: TEST_SERVER } }));
    expect(toolResultText(untrusted.chatRequests()[1]!)).toContain('refused: using the MCP tool mcp__t__look');
  });

  it('a deny rule hides the tool from the model entirely', async () => {
    const s = await scripted([{ text: 'ok' }]);
    await run(s.url, mcpProject({ mcpServers: { t: TEST_SERVER }, permissions: { deny: ['mcp__t__pid', 'mcp__t__hang'] } }));
    const offered = offeredTools(s.chatRequests()[0]!);
    expect(offered).toContain('mcp__t__echo');
    expect(offered).not.toContain('mcp__t__pid');
    expect(offered).not.toContain('mcp__t__hang');
  });

  it('an image result reaches a model that takes images, and a sentence reaches one that does not', async () => {
    const s = await scripted([callTool('mcp__everything__get-tiny-image'), { text: 'seen' }]);
    await run(s.url, mcpProject({ mcpServers: { everything: EVERYTHING }, permissions: { allow: ['mcp__everything__*'] } }));
    const body = JSON.stringify(s.chatRequests()[1]!.body.messages);
    expect(body).toContain('data:image/png;base64,');
    expect(toolResultText(s.chatRequests()[1]!)).toContain('[the tool returned an image (image/png');

    const blind = await scripted([callTool('mcp__everything__get-tiny-image'), { text: 'seen' }]);
    const p = mcpProject({
      provider: 'local',
      providers: { local: { baseUrl: blind.url, compat: { supportsImages: false } } },
      mcpServers: { everything: EVERYTHING },
      permissions: { allow: ['mcp__everything__*'] },
    });
    const r = await runTack(['-p', '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    const request = blind.chatRequests()[1]!;
    expect(JSON.stringify(request.body.messages)).not.toContain('data:image/png');
    expect(toolResultText(request)).toContain('(image omitted: this model does not accept images)');
    expect(toolResultText(request)).toContain('[the tool returned an image (image/png');
  });

  it('resource links become text the model can read', async () => {
    const s = await scripted([{ toolCalls: [{ name: 'mcp__everything__get-resource-links', arguments: { count: 2 } }] }, { text: 'ok' }]);
    await run(s.url, mcpProject({ mcpServers: { everything: EVERYTHING }, permissions: { allow: ['mcp__everything__*'] } }));
    expect(toolResultText(s.chatRequests()[1]!)).toMatch(/Resource link: .+ demo:\/\/resource\/dynamic\/text\/2 \(text\/plain\)/);
  });

  it('a server that fails to start is named on stderr with its reason; the run and the other servers still work', async () => {
    const s = await scripted([callTool('mcp__t__echo', { message: 'still here' }), { text: 'finished' }]);
    const p = mcpProject({
      mcpServers: { broken: { command: '/nonexistent/mcp-server' }, t: TEST_SERVER },
      permissions: { allow: ['mcp__t__*'] },
    });
    const r = await run(s.url, p);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('finished\n');
    expect(r.stderr).toContain('tack: MCP server "broken" failed to start: spawn /nonexistent/mcp-server ENOENT');
    expect(toolResultText(s.chatRequests()[1]!)).toBe('echo: still here');
    expect(offeredTools(s.chatRequests()[0]!).filter((n) => n.startsWith('mcp__broken'))).toEqual([]);
  });

  it('a tool that hangs gives a timeout result after the per-server timeout, and the run goes on', async () => {
    const s = await scripted([callTool('mcp__t__hang'), callTool('mcp__t__echo', { message: 'after' }), { text: 'ok' }]);
    const p = mcpProject({ mcpServers: { t: { ...TEST_SERVER, timeout: 1000 } }, permissions: { allow: ['mcp__t__*'] } });
    const r = await run(s.url, p);
    expect(r.code).toBe(0);
    expect(toolResultText(s.chatRequests()[1]!)).toBe('the MCP server "t" did not answer hang within 1 s; the call was cancelled');
    expect(toolResultText(s.chatRequests()[2]!)).toContain('echo: after');
  });

  it('a server that crashes mid-call gives a tool error, and is restarted once on the next call', async () => {
    const s = await scripted([
      callTool('mcp__t__pid'),
      callTool('mcp__t__crash'),
      callTool('mcp__t__pid'),
      callTool('mcp__t__crash'),
      callTool('mcp__t__pid'),
      { text: 'ok' },
    ]);
    const p = mcpProject({ mcpServers: { t: TEST_SERVER }, permissions: { allow: ['mcp__t__*'] } });
    const r = await run(s.url, p);
    expect(r.code).toBe(0);
    const results = s.chatRequests().map((req) => toolResultText(req).split('\n').at(-1));
    const [firstPid, crash, secondPid, crashAgain, gone] = results.slice(1);
    expect(firstPid).toMatch(/^pid \d+$/);
    expect(crash).toContain('the MCP server "t" stopped during the call; it will be restarted on the next call');
    expect(secondPid).toMatch(/^pid \d+$/);
    expect(secondPid).not.toBe(firstPid);
    expect(crashAgain).toContain('the MCP server "t" stopped during the call');
    expect(gone).toContain('the MCP server "t" is not available: it crashed again after one restart; /mcp shows its log and can reconnect it');
    const log = readFileSync(join(p.home, 'logs', 'mcp-t.log'), 'utf8');
    expect(log.match(/test server: crashing on purpose/g)).toHaveLength(2);
    // the server's stderr went to the log, never to the terminal
    expect(r.stderr).not.toContain('crashing on purpose');
  });

  it('--mcp-config adds the servers of a file named on the command line', async () => {
    const s = await scripted([callTool('mcp__flagged__echo', { message: 'from the flag' }), { text: 'ok' }]);
    const p = mcpProject({ permissions: { allow: ['mcp__flagged__*'] } });
    const file = join(p.dir, '..', 'servers.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { flagged: TEST_SERVER } }));
    const r = await run(s.url, p, ['--mcp-config', file]);
    expect(r.code).toBe(0);
    expect(toolResultText(s.chatRequests()[1]!)).toBe('echo: from the flag');
  });

  it('${VAR} and ${VAR:-default} are expanded in args; a variable with no value fails that server only', async () => {
    const s = await scripted([callTool('mcp__t__echo', { message: 'x' }), { text: 'ok' }]);
    const p = mcpProject({
      mcpServers: {
        t: { command: '${NODE_BIN}', args: ['${TEST_SERVER_FILE:-/nonexistent}'] },
        missing: { command: '${NOT_SET_ANYWHERE}' },
      },
      permissions: { allow: ['mcp__t__*'] },
    });
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], {
      cwd: p.dir,
      home: p.home,
      env: { NODE_BIN: TEST_SERVER.command, TEST_SERVER_FILE: TEST_SERVER.args[0]! },
    });
    expect(r.code).toBe(0);
    expect(toolResultText(s.chatRequests()[1]!)).toBe('echo: x');
    expect(r.stderr).toContain('MCP server "missing" failed to start: ${NOT_SET_ANYWHERE} is not set');
  });

  it('a malformed entry stops tack with one sentence naming the file and the entry (exit 2)', async () => {
    const p = mcpProject({ mcpServers: { typo: { comand: 'node' } } });
    const r = await runTack(['-p', '--base-url', 'http://127.0.0.1:9', '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the MCP server "typo" in ${join(p.home, 'config.json')} has a problem`);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a server still starting is waited for up to mcp.startupWaitSeconds, then the run goes on without it and says so', async () => {
    const s = await scripted([{ text: 'went ahead' }]);
    const p = mcpProject({
      // a server that never answers: it cannot be ready in time, however busy the machine is
      mcpServers: { slow: { command: process.execPath, args: ['-e', 'setTimeout(() => {}, 60000)'] } },
      mcp: { startupWaitSeconds: 1 },
    });
    const r = await run(s.url, p);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('went ahead\n');
    expect(r.stderr).toContain('tack: MCP server "slow" still starting; its tools join when ready (/mcp shows the state)');
    expect(offeredTools(s.chatRequests()[0]!).some((n) => n.startsWith('mcp__'))).toBe(false);
  });
});
