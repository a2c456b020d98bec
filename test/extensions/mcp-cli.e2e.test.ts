// `.mcp.json` and trust, `tack mcp add|list|get|remove`, and a hostile MCP server, from the command line.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { EVERYTHING, MEMORY, PATIENT, TEST_SERVER, callTool, filesystem, mcpProject, offeredTools } from '../support/mcp.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const scripted = scriptedServers();

function repoWithMcpJson(servers: object) {
  const p = makeProject({ '.mcp.json': JSON.stringify({ mcpServers: servers }) });
  mkdirSync(join(p.dir, '.git'));
  writeFileSync(join(p.home, 'config.json'), JSON.stringify({ mcp: PATIENT }));
  return p;
}

describe('.mcp.json and trust', () => {
  it("an untrusted folder's .mcp.json is ignored (nothing starts) and named on stderr; with --trust its servers run", async () => {
    const marker = join(makeProject().dir, 'started');
    const p = repoWithMcpJson({
      proj: { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`] },
      t: TEST_SERVER,
    });
    const s = await scripted([{ text: 'ok' }]);
    const r = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('tack: ignoring .mcp.json (this folder is not trusted)');
    expect(offeredTools(s.chatRequests()[0]!).some((n) => n.startsWith('mcp__'))).toBe(false);
    expect(existsSync(marker)).toBe(false);

    const trusted = await scripted([{ text: 'ok' }]);
    const t = await runTack(['-p', '--trust', '--base-url', trusted.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(t.code).toBe(0);
    expect(offeredTools(trusted.chatRequests()[0]!)).toContain('mcp__t__echo');
  });

  it('tack trust describes the servers .mcp.json would run', async () => {
    const p = repoWithMcpJson({
      db: { command: 'db-server', args: ['--port', '5432'], env: { DB_PASSWORD: '${DB_PASSWORD}' } },
      docs: { type: 'http', url: 'https://docs.example/mcp' },
    });
    const r = await runTack(['trust'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('.mcp.json:');
    expect(r.stdout).toContain(
      'runs the MCP server "db": db-server --port 5432 with DB_PASSWORD from ${DB_PASSWORD} (named like a credential: refused unless your own env.allow lets it in) set, outside the sandbox',
    );
    expect(r.stdout).toContain('connects to the MCP server "docs" at https://docs.example/mcp');
  });
});

describe('tack mcp add | list | get | remove', () => {
  it('adds stdio servers to the user file, lists their state and tool count or the failure, and removes them', async () => {
    const p = makeProject();
    const add = (args: string[]) => runTack(['mcp', 'add', '-s', 'user', ...args], { cwd: p.dir, home: p.home });
    expect((await add(['everything', '--', ...[EVERYTHING.command, ...EVERYTHING.args]])).stdout).toBe(
      `added the MCP server "everything" (user scope: yours, every project) in ${join(p.home, 'config.json')}\n`,
    );
    expect((await add(['-e', 'MEMORY_FILE_PATH=' + join(p.dir, '..', 'memory.jsonl'), 'memory', '--', MEMORY.command, ...MEMORY.args])).code).toBe(0);
    const fs = filesystem(p.dir);
    expect((await add(['files', '--', fs.command, ...fs.args])).code).toBe(0);
    expect((await add(['broken', '--', '/nonexistent/server'])).code).toBe(0);
    const file = join(p.home, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).mcpServers.memory.env).toEqual({ MEMORY_FILE_PATH: join(p.dir, '..', 'memory.jsonl') });

    const list = await runTack(['mcp', 'list'], { cwd: p.dir, home: p.home });
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^broken\s+user\s+stdio\s+failed: spawn \/nonexistent\/server ENOENT$/);
    expect(lines[1]).toMatch(/^everything\s+user\s+stdio\s+ready, \d+ tools$/);
    expect(lines[2]).toMatch(/^files\s+user\s+stdio\s+ready, \d+ tools$/);
    expect(lines[3]).toMatch(/^memory\s+user\s+stdio\s+ready, 9 tools$/);

    const get = await runTack(['mcp', 'get', 'memory'], { cwd: p.dir, home: p.home });
    expect(get.stdout).toContain('  env: MEMORY_FILE_PATH (values not shown)');
    expect(get.stdout).toContain(`  from: ${file}`);

    const removed = await runTack(['mcp', 'remove', 'broken'], { cwd: p.dir, home: p.home });
    expect(removed.stdout).toBe(`removed the MCP server "broken" from user scope (${file})\n`);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).mcpServers)).toEqual(['everything', 'memory', 'files']);
    const again = await runTack(['mcp', 'remove', 'broken'], { cwd: p.dir, home: p.home });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('tack: no MCP server named "broken"');
  });

  it('--transport http with --header, and --project writes .mcp.json', async () => {
    const p = makeProject();
    mkdirSync(join(p.dir, '.git'));
    const r = await runTack(
      ['mcp', 'add', '--project', '--transport', 'http', '--header', 'Authorization: Bearer ${DOCS_TOKEN}', 'docs', 'https://docs.example/mcp'],
      {
        cwd: p.dir,
        home: p.home,
      },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(p.dir, '.mcp.json'), 'utf8'))).toEqual({
      mcpServers: { docs: { type: 'http', url: 'https://docs.example/mcp', headers: { Authorization: 'Bearer ${DOCS_TOKEN}' } } },
    });
    const bad = await runTack(['mcp', 'add', '--transport', 'http', 'docs'], { cwd: p.dir, home: p.home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('needs one URL');
  });
});

describe('a hostile MCP server', () => {
  it('escape sequences never reach the model or the terminal, huge output is cut with a note, and a tool named bash does not shadow the built-in', async () => {
    const s = await scripted([callTool('mcp__t__hostile'), callTool('bash', { command: 'echo built-in bash ran' }), { text: 'ok' }]);
    const p = mcpProject({ mcpServers: { t: TEST_SERVER }, permissions: { allow: ['mcp__t__*'] } });
    const r = await runTack(['-p', '--verbose', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    const [first, second, third] = s.chatRequests();
    const offered = offeredTools(first!);
    expect(offered.filter((n) => n === 'bash')).toHaveLength(1);
    expect(offered).toContain('mcp__t__bash');
    expect(offered).toContain('mcp__t__evil__2J_name_with_dots');
    for (const name of offered) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    const descriptions = JSON.stringify(first!.body.tools);
    expect(descriptions).not.toMatch(/\\u001b|\x1b/);
    const result = toolResultText(second!);
    expect(result).not.toContain('\x1b');
    expect(result).not.toContain('\x07');
    expect(result).toContain('clear screen attempt');
    expect(result).toMatch(/\[… \d+ lines \(.+\) of the tool's .+ result omitted here\]/);
    expect(result).toContain('THE END');
    expect(Buffer.byteLength(result)).toBeLessThan(40 * 1024);
    expect(toolResultText(third!)).toContain('built-in bash ran');
    expect(r.stdout + r.stderr).not.toContain('\x1b');
  });
});
