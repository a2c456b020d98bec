// /context from the command line and from a program: `tack context` (print mode's `/context`) and a
// stream-json `context` request, against the scripted server with and without a tokeniser, with a
// real MCP server whose tools are counted apart.
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import { spawnJsonChild } from '../support/json-child.js';
import { MEMORY, mcpProject } from '../support/mcp.js';
import { type MockServer, startMockServer } from '../support/mock-openai-server.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('/context outside the app', () => {
  it("`tack context` counts each part with the server's tokeniser, an MCP server's tools on their own line", async () => {
    server = await startMockServer({ tokenize: true });
    const p = mcpProject({ mcpServers: { memory: MEMORY } }, { 'AGENTS.md': 'Use tabs.\n' });
    const r = await runTack(['context', '--base-url', server.url, '-m', 'mock-model', '--output-format', 'json'], { cwd: p.dir, home: p.home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const u = JSON.parse(r.stdout);
    expect(u).toMatchObject({ type: 'context', counted: 'server', window: expect.any(Number) });
    const labels = u.parts.map((x: { label: string }) => x.label);
    expect(labels).toEqual(['system prompt', 'project instructions', 'built-in tools', 'agents index (task tool)', 'MCP memory']);
    // one token per word, as this server counts: the project instructions are a handful
    const instructions = u.parts.find((x: { label: string }) => x.label === 'project instructions');
    expect(instructions.tokens).toBeGreaterThan(3);
    expect(instructions.tokens).toBeLessThan(20);
    expect(u.left).toBe(u.threshold - u.total);
    // no model call was made: the report is of what the first request would carry
    expect(server.chatRequests()).toHaveLength(0);
    expect(server.requests.filter((q) => q.path === '/tokenize').length).toBe(labels.length);
  });

  it('as text, estimated and marked so where the server has no tokeniser, within 80 columns', async () => {
    server = await startMockServer();
    const p = makeProject();
    const r = await runTack(['context', '--base-url', server.url, '-m', 'mock-model'], { cwd: p.dir, home: p.home });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Context: ~[\d.]+k? of 128k tokens \(\d+%\)$/m);
    expect(r.stdout).toMatch(/^ {2}built-in tools +~[\d.]+k? /m);
    expect(r.stdout).toContain('Estimated (~)');
    expect(r.stdout).not.toContain('\u001b[');
    for (const line of r.stdout.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('a stream-json `context` request is answered with one `context` line, the messages and the last request included', async () => {
    server = await startMockServer({ turns: [{ text: 'Hello there.', usage: { prompt_tokens: 3000, completion_tokens: 3, cached_tokens: 2500 } }] });
    const p = makeProject();
    const flags = ['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--base-url', server.url, '-m', 'mock-model'];
    const tack = spawnJsonChild(flags, { cwd: p.dir, home: p.home });
    try {
      tack.send({ type: 'user', message: { role: 'user', content: 'say hello' } });
      await tack.waitFor((l) => l.type === 'agent_end');
      tack.send({ type: 'context' });
      const u = await tack.waitFor((l) => l.type === 'context');
      expect(u.parts.map((x: { label: string }) => x.label)).toContain('messages');
      expect(u.lastRequest).toEqual({ input: 3000, cached: 2500 });
      tack.end();
      expect(await tack.exited).toBe(0);
    } finally {
      tack.end();
    }
  });
});
