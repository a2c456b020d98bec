// Commands that only look run side by side, like read and grep; commands that change things still run
// one after another. Seen from the command line in the order of stream-json's tool events.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineIsReadOnly } from '../../src/session/permissions/read-only.js';
import { makeProject, runTack } from '../support/cli.js';
import { scriptedServers } from '../support/scripted.js';
import { Semaphore } from '../../tools/fs/mutex.js';

const server = scriptedServers();

/** The tool events of a stream-json run, as "start <command>" / "end <command>". */
async function toolOrder(commands: string[]): Promise<string[]> {
  const { dir, home } = makeProject({ 'a.txt': 'one\ntwo\n' });
  writeFileSync(join(home, 'config.json'), '{}');
  const calls = commands.map((command) => ({ name: 'bash', arguments: { command } }));
  const s = await server([{ toolCalls: calls }, { text: 'done' }]);
  const r = await runTack(['-p', '--output-format', 'stream-json', '--base-url', s.url, '-m', 'm', 'go'], { cwd: dir, home });
  expect(r.code).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((e) => e.type === 'tool_execution_start' || e.type === 'tool_execution_end')
    .map((e) => `${e.type === 'tool_execution_start' ? 'start' : 'end'} ${e.args.command}`);
}

describe('bash calls of one message', () => {
  it('that only look all start before the first one ends', async () => {
    const order = await toolOrder(['cat a.txt', 'wc -l a.txt', 'ls -la']);
    expect(order.slice(0, 3).every((e) => e.startsWith('start'))).toBe(true);
    expect(order.filter((e) => e.startsWith('end'))).toHaveLength(3);
  });

  it('that change things run one after another, also beside one that looks', async () => {
    const order = await toolOrder(['touch b.txt', 'cat a.txt', 'rm b.txt']);
    expect(order).toEqual(['start touch b.txt', 'end touch b.txt', 'start cat a.txt', 'end cat a.txt', 'start rm b.txt', 'end rm b.txt']);
  });
});

describe('lineIsReadOnly', () => {
  it.each([
    ['cat a.txt | wc -l', true],
    ['git status && git diff --stat', true],
    ['ls -la; head -n 3 a.txt', true],
    ['rm b.txt', false],
    ['cat a.txt > b.txt', false],
    ['ls $(touch x)', false],
    ['FOO=1 ls', false],
    ['ls\rrm -rf x', false],
    ['cat "unterminated', false],
    ['', false],
  ])('%j -> %s', (line, expected) => {
    expect(lineIsReadOnly(line)).toBe(expected);
  });
});

describe('Semaphore', () => {
  it('lets `size` holders in, the next one when a place frees, and drops a wait that is aborted', async () => {
    const limit = new Semaphore(1);
    const first = await limit.acquire();
    const controller = new AbortController();
    const abandoned = limit.acquire(controller.signal);
    const second = limit.acquire();
    controller.abort();
    expect(await abandoned).toBeUndefined();
    first!();
    first!(); // a second release of one hold frees nothing more
    const release = await second;
    expect(release).toBeTypeOf('function');
    let third = false;
    void limit.acquire().then(() => (third = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(third).toBe(false);
    release!();
    await new Promise((r) => setTimeout(r, 0));
    expect(third).toBe(true);
  });
});
