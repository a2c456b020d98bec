// A trusted repository adds an MCP server named `docs__x` beside the user's own `docs`: the user's rule
// `mcp__docs` allows the tools of `docs` alone, not those of a server whose name merely starts so.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionGrants, decide, parseRules, type PolicyMode } from '../../src/session/permissions/index.js';
import { makeProject, runTack } from '../support/cli.js';
import { PATIENT, TEST_SERVER, callTool } from '../support/mcp.js';
import { scriptedServers } from '../support/scripted.js';

const scripted = scriptedServers();

describe('MCP rules name servers exactly', () => {
  it("the user's mcp__docs rule does not run the tools of a project's server docs__x", async () => {
    const p = makeProject({ '.mcp.json': JSON.stringify({ mcpServers: { docs__x: TEST_SERVER } }) });
    mkdirSync(join(p.dir, '.git'));
    writeFileSync(join(p.home, 'config.json'), JSON.stringify({ mcpServers: { docs: TEST_SERVER }, permissions: { allow: ['mcp__docs'] }, mcp: PATIENT }));
    const s = await scripted([callTool('mcp__docs__x__echo', { message: 'from x' }), callTool('mcp__docs__echo', { message: 'from docs' }), { text: 'ok' }]);
    const r = await runTack(['-p', '--trust', '--base-url', s.url, '-m', 'm', 'go'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    const results = s.chatRequests().map((req) => req.body.messages.filter((m: { role: string }) => m.role === 'tool').at(-1)?.content);
    expect(results[1]).toMatch(/^refused/);
    expect(results[1]).not.toContain('echo: from x');
    expect(results[2]).toBe('echo: from docs');
  });

  const MODES: PolicyMode[] = ['ask', 'auto', 'yolo'];
  const kinds = (tool: string, lists: { allow?: string[]; deny?: string[] }, servers: string[]) =>
    MODES.map((mode) => decide(tool, {}, { mode, rules: parseRules(lists, '/h', servers), grants: new SessionGrants(), cwd: '/w', home: '/h' }).kind);

  it.each<[string, { allow?: string[]; deny?: string[] }, string[], string[]]>([
    // the server is read from the configured names
    ['mcp__docs__x__echo', { allow: ['mcp__docs'] }, ['docs__x'], ['ask', 'ask', 'allow']],
    ['mcp__docs__x__echo', { allow: ['mcp__docs__x'] }, ['docs__x'], ['allow', 'allow', 'allow']],
    ['mcp__docs__echo', { allow: ['mcp__docs'] }, ['docs', 'docs__x'], ['allow', 'allow', 'allow']],
    ['mcp__docs__x__echo', { deny: ['mcp__docs'] }, ['docs__x'], ['ask', 'ask', 'allow']],
    // both readings possible: an allow rule must cover both, a deny rule either
    ['mcp__docs__x__echo', { allow: ['mcp__docs'] }, ['docs', 'docs__x'], ['ask', 'ask', 'allow']],
    ['mcp__docs__x__echo', { deny: ['mcp__docs__x'] }, ['docs', 'docs__x'], ['deny', 'deny', 'deny']],
    // no configured server fits the name: every reading counts
    ['mcp__docs__x__echo', { allow: ['mcp__docs'] }, [], ['ask', 'ask', 'allow']],
    ['mcp__gh__create_issue', { allow: ['mcp__gh__*'] }, [], ['allow', 'allow', 'allow']],
  ])('%s with %o, servers %o: %o', (tool, lists, servers, expected) => {
    expect(kinds(tool, lists, servers)).toEqual(expected);
  });
});
