// MCP tools that come during a run (a server ready late, a server's list_changed): the tool list is
// fixed for the run (a model server reuses its prompt cache only for an identical prefix), and they
// join at the next user message, after every tool offered already, never before one.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnJsonChild, type JsonChild } from '../support/json-child.js';
import { TEST_SERVER, TEST_SERVER_PATH, callTool, mcpProject, offeredTools } from '../support/mcp.js';
import { scriptedServers, toolResultText } from '../support/scripted.js';

const scripted = scriptedServers();
const children: JsonChild[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.child.exitCode === null) c.child.kill('SIGKILL');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const user = (content: string) => ({ type: 'user', message: { role: 'user', content } });

/** stream-json: one message (once `ready` settles), its run, then the next; resolves when tack has exited. */
async function twoMessages(url: string, p: { dir: string; home: string }, first: string, second: string, ready?: Promise<void>): Promise<JsonChild> {
  const tack = spawnJsonChild(['-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--base-url', url, '-m', 'm'], {
    cwd: p.dir,
    home: p.home,
  });
  children.push(tack);
  await ready;
  tack.send(user(first));
  await tack.waitFor((l) => l.type === 'agent_end');
  tack.send(user(second));
  tack.end();
  expect(await tack.exited).toBe(0);
  return tack;
}

describe('an MCP server ready late', () => {
  it('its tools are not offered during the run it connected in, and join at the end of the list from the next message', { timeout: 60_000 }, async () => {
    const signals = mkdtempSync(join(tmpdir(), 'tack-late-'));
    const go = join(signals, 'GO');
    const listed = join(signals, 'LISTED');
    const earlyListed = join(signals, 'EARLY');
    const p = mcpProject(
      {
        // listed first: by the settings' order its tools would come before the early server's
        mcpServers: {
          late: { command: TEST_SERVER.command, args: [TEST_SERVER_PATH, '--wait-for', go, '--listed', listed] },
          early: { command: TEST_SERVER.command, args: [TEST_SERVER_PATH, '--listed', earlyListed] },
        },
        // the first call waits this long for the late server (the early one is ready before it)
        mcp: { startupWaitSeconds: 1 },
      },
      { 'a.txt': 'hello\n' },
    );
    const listedTo = async (file: string) => {
      while (!existsSync(file)) await sleep(50);
    };
    // the first answer is held until the late server has listed its tools to tack
    const connectLate = async () => {
      writeFileSync(go, '');
      await listedTo(listed);
    };
    const s = await scripted([
      () => ({ until: connectLate(), turn: { toolCalls: [{ name: 'read', arguments: { path: 'a.txt' } }] } }),
      { text: 'read it' },
      { text: 'second answer' },
    ]);
    const tack = await twoMessages(s.url, p, 'read a.txt', 'and now?', listedTo(earlyListed));
    expect(tack.lines.at(-1)).toMatchObject({ type: 'result', result: 'second answer' });

    const [first, second, third] = s.chatRequests().map(offeredTools);
    expect(first!.some((n) => n.startsWith('mcp__early__'))).toBe(true);
    expect(first!.some((n) => n.startsWith('mcp__late__'))).toBe(false);
    // the server connected mid-run: the run's next call offers the same list
    expect(second).toEqual(first);
    // the next message: everything offered before, in its order, then the late server's tools
    expect(third!.slice(0, first!.length)).toEqual(first);
    const added = third!.slice(first!.length);
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((n) => n.startsWith('mcp__late__'))).toBe(true);
  });

  it('notifications/tools/list_changed: the new tool is offered from the next user message, at the end of the list', { timeout: 60_000 }, async () => {
    const s = await scripted([callTool('mcp__t__add_tool'), { text: 'added' }, callTool('mcp__t__late'), { text: 'ok' }]);
    await twoMessages(s.url, mcpProject({ mcpServers: { t: TEST_SERVER }, permissions: { allow: ['mcp__t__*'] } }), 'add a tool', 'use it');
    const [first, second, third, fourth] = s.chatRequests();
    expect(offeredTools(first!)).not.toContain('mcp__t__late');
    expect(offeredTools(second!)).toEqual(offeredTools(first!));
    expect(offeredTools(third!)).toEqual([...offeredTools(first!), 'mcp__t__late']);
    expect(toolResultText(fourth!)).toContain('the late tool ran');
  });
});
