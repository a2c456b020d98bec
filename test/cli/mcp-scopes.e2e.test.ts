// `tack mcp add|get|remove -s local|project|user`, as Claude Code's scopes: local (the default) is the
// user's own server for one project, kept under $TACK_HOME, so it runs without folder trust and only there.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mcpScopeFiles } from '../../src/config/mcp-scopes.js';
import { makeProject, runTack } from '../support/cli.js';
import { PATIENT, TEST_SERVER, offeredTools } from '../support/mcp.js';
import { scriptedServers } from '../support/scripted.js';

const scripted = scriptedServers();

function repository() {
  const p = makeProject();
  mkdirSync(join(p.dir, '.git'));
  writeFileSync(join(p.home, 'config.json'), JSON.stringify({ mcp: PATIENT }));
  return { ...p, local: mcpScopeFiles(p.home, p.dir).local, user: join(p.home, 'config.json'), project: join(p.dir, '.mcp.json') };
}

const serversIn = (file: string): string[] => (existsSync(file) ? Object.keys(JSON.parse(readFileSync(file, 'utf8')).mcpServers ?? {}) : []);

describe('tack mcp scopes', () => {
  it('adds to the local scope by default: private (0600, under TACK_HOME), used in this project without trust, and nowhere else', async () => {
    const p = repository();
    mkdirSync(join(p.dir, 'sub'));
    const add = await runTack(['mcp', 'add', 't', '--', TEST_SERVER.command, ...TEST_SERVER.args], { cwd: join(p.dir, 'sub'), home: p.home });
    expect(add.code).toBe(0);
    expect(add.stdout).toBe(`added the MCP server "t" (local scope: yours, this project only) in ${p.local}\n`);
    expect(serversIn(p.local)).toEqual(['t']);
    expect(statSync(p.local).mode & 0o777).toBe(0o600);
    expect(serversIn(p.user)).toEqual([]);
    expect(existsSync(p.project)).toBe(false);

    const get = await runTack(['mcp', 'get', 't'], { cwd: p.dir, home: p.home });
    expect(get.stdout).toContain('  scope: local (yours, this project only)\n');
    // list says each server's scope beside its state
    expect((await runTack(['mcp', 'add', '-s', 'user', 'u', '--', TEST_SERVER.command, ...TEST_SERVER.args], { cwd: p.dir, home: p.home })).code).toBe(0);
    const list = await runTack(['mcp', 'list'], { cwd: p.dir, home: p.home });
    expect(list.stdout.trim().split('\n').sort()).toEqual([
      expect.stringMatching(/^t +local +stdio +ready, \d+ tools$/),
      expect.stringMatching(/^u +user +stdio +ready, \d+ tools$/),
    ]);
    expect((await runTack(['mcp', 'remove', 'u'], { cwd: p.dir, home: p.home })).code).toBe(0);

    // an untrusted folder: its own files are ignored, the user's local server still runs
    writeFileSync(p.project, JSON.stringify({ mcpServers: { planted: TEST_SERVER } }));
    const s = await scripted([{ text: 'ok' }]);
    const run = await runTack(['-p', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(run.code).toBe(0);
    const offered = offeredTools(s.chatRequests()[0]!);
    expect(offered).toContain('mcp__t__echo');
    expect(offered.some((n) => n.startsWith('mcp__planted__'))).toBe(false);

    expect(p.local.startsWith(join(p.home, 'projects'))).toBe(true);

    // another project, and one whose path flattens to the same name (…/base/project and …/base-project)
    for (const dir of [makeProject().dir, `${dirname(p.dir)}-project`]) {
      mkdirSync(dir, { recursive: true });
      mkdirSync(join(dir, '.git'), { recursive: true });
      const elsewhere = await scripted([{ text: 'ok' }]);
      const there = await runTack(['-p', '--base-url', elsewhere.url, '-m', 'm', 'go'], { cwd: dir, home: p.home });
      expect(there.code).toBe(0);
      expect(offeredTools(elsewhere.chatRequests()[0]!).some((n) => n.startsWith('mcp__'))).toBe(false);
    }
  });

  it('-s user and -s project write their files; --project stays the same as -s project; a wrong scope is refused', async () => {
    const p = repository();
    const add = (args: string[]) => runTack(['mcp', 'add', ...args], { cwd: p.dir, home: p.home });
    expect((await add(['-s', 'user', 'u', '--', 'node', '--version'])).stdout).toBe(
      `added the MCP server "u" (user scope: yours, every project) in ${p.user}\n`,
    );
    expect((await add(['--scope', 'project', 'a', '--', 'node', '--version'])).code).toBe(0);
    expect((await add(['--project', 'b', '--', 'node', '--version'])).code).toBe(0);
    expect(serversIn(p.user)).toEqual(['u']);
    expect(serversIn(p.project)).toEqual(['a', 'b']);
    expect(existsSync(p.local)).toBe(false);

    const wrong = await add(['-s', 'global', 'x', '--', 'node']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--scope takes local, project or user, not "global"');
    const both = await add(['-s', 'user', '--project', 'x', '--', 'node']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--project is -s project; it cannot go with -s user');
  });

  it('remove says which scope it removed from, and asks for -s when the name is in several', async () => {
    const p = repository();
    const tack = (args: string[]) => runTack(['mcp', ...args], { cwd: p.dir, home: p.home });
    expect((await tack(['add', 'db', '--', 'node', '--version'])).code).toBe(0);
    expect((await tack(['add', '-s', 'user', 'db', '--', 'node', '--version'])).code).toBe(0);

    const ambiguous = await tack(['remove', 'db']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain(`the MCP server "db" is in local (${p.local}) and user (${p.user}); say which with -s local|user`);
    expect(serversIn(p.local)).toEqual(['db']);
    expect(serversIn(p.user)).toEqual(['db']);

    expect((await tack(['remove', '-s', 'user', 'db'])).stdout).toBe(`removed the MCP server "db" from user scope (${p.user})\n`);
    expect((await tack(['remove', 'db'])).stdout).toBe(`removed the MCP server "db" from local scope (${p.local})\n`);
    const none = await tack(['remove', 'db']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no MCP server named "db" in local');
  });
});
