// OpenAI's prompt_cache_key from the built CLI: one key for a conversation's every request (and the
// same again when it is continued), another for a child's. Only api.openai.com gets it, so the
// requests go to http://api.openai.com through an HTTP proxy that hands them to the scripted server.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, runTack } from '../support/cli.js';
import type { RecordedRequest } from '../support/mock-openai-server.js';
import { scriptedServers } from '../support/scripted.js';
import { NO_PROXY_ENV } from '../proxy/test-proxy.js';

const server = scriptedServers();
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

/** A forward proxy that sends every request to `target`, whatever host it names. */
async function proxyTo(target: string): Promise<string> {
  const to = new URL(target);
  const proxy = createServer((req, res) => {
    const { pathname, search } = new URL(req.url ?? '/');
    const upstream = httpRequest(
      { host: to.hostname, port: to.port, path: pathname + search, method: req.method, headers: req.headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => proxy.close(() => resolve())));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

const systemText = (r: RecordedRequest): string => r.body.messages[0].content;
const isChild = (r: RecordedRequest) => systemText(r).startsWith('You are a sub-agent of tack');

describe('prompt_cache_key to api.openai.com', () => {
  it('one key per conversation: the same on each of its requests and when continued, its own for a child', async () => {
    const s = await server([
      { toolCalls: [{ id: 'call_t1', name: 'task', arguments: { description: 'look around', prompt: 'Find ANSWER' } }] },
      { text: 'ANSWER is in a.ts' },
      { text: 'It is in a.ts.' },
      { text: 'continued' },
    ]);
    const env = { ...NO_PROXY_ENV, HTTP_PROXY: await proxyTo(s.url) };
    const { dir, home } = makeProject({ 'a.ts': 'export const ANSWER = 42;\n' });
    const args = ['--output-format', 'json', '--base-url', 'http://api.openai.com/v1', '-m', 'gpt-4.1'];
    const first = await runTack(['-p', ...args, 'where is ANSWER?'], { cwd: dir, home, env });
    expect(first.code).toBe(0);
    const again = await runTack(['-p', '-c', ...args, 'and then?'], { cwd: dir, home, env });
    expect(again.code).toBe(0);

    const requests = s.chatRequests();
    const parent = requests.filter((r) => !isChild(r)).map((r) => r.body.prompt_cache_key);
    const child = requests.filter(isChild).map((r) => r.body.prompt_cache_key);
    expect(parent).toHaveLength(3);
    expect(child).toHaveLength(1);
    expect(parent[0]).toMatch(/^tack-[0-9a-f]{32}$/);
    expect(new Set(parent)).toEqual(new Set([parent[0]]));
    expect(child[0]).toMatch(/^tack-[0-9a-f]{32}$/);
    expect(child[0]).not.toBe(parent[0]);
    // a hash: the session's id itself never leaves the machine
    expect(parent[0]).not.toContain(JSON.parse(first.stdout).session_id);
  });
});
