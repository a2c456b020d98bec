// A model server that answers with a redirect (issue 50: a POST redirected crashed the request with
// "detached ArrayBuffer"): one sentence naming where it points, and the key never goes there.
import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { httpServers } from '../support/listen.js';
import { openaiProvider } from '../../src/ai/openai/provider.js';
import type { MockServer } from '../support/mock-openai-server.js';
import { startProxy } from '../proxy/test-proxy.js';
import { run } from './openai-helpers.js';

const listen = httpServers();

/** The place a redirect points to: it records the headers of every request it gets, and answers as a model server would. */
async function target(): Promise<{ url: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const url = await listen((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"mock-model"}]}');
  });
  return { url, seen };
}

describe('a model server answering with a redirect', () => {
  for (const status of [307, 308, 302, 301]) {
    it(`${status} to another address: one sentence naming it and the base URL to set; the key never reaches it`, async () => {
      const to = await target();
      const from = await listen((req, res) => res.writeHead(status, { location: `${to.url}${req.url}` }).end());
      const { message } = await run({ url: `${from}/v1` } as MockServer, { retry: { maxAttempts: 1 } });
      expect(message.stopReason).toBe('error');
      expect(message.errorMessage).toBe(
        `the server at ${from}/v1 answered with a redirect (${status}) to ${to.url}/v1/chat/completions; set --base-url to the final address (${to.url}/v1)`,
      );
      expect(to.seen).toEqual([]);
    });
  }

  it('a redirect on the same server is not followed either, and GET /models says so too', async () => {
    let asked = 0;
    const from = await listen((req, res) => {
      asked++;
      res.writeHead(307, { location: req.url!.replace('/v1/', '/v2/') }).end();
    });
    const { message } = await run({ url: `${from}/v1` } as MockServer, { retry: { maxAttempts: 1 } });
    expect(message.errorMessage).toBe(
      `the server at ${from}/v1 answered with a redirect (307) to ${from}/v2/chat/completions; set --base-url to the final address (${from}/v2)`,
    );
    expect(asked).toBe(1);
    const provider = openaiProvider({ baseUrl: `${from}/v1`, apiKey: 'test-key', models: [] });
    await expect(provider.listModels()).rejects.toThrow(/redirect \(307\) to .*\/v2\/models/);
  });

  it('behind a proxy too: the redirect is said, not followed', async () => {
    const to = await target();
    const from = await listen((req, res) => res.writeHead(307, { location: `${to.url}${req.url}` }).end());
    const p = await startProxy();
    const saved = process.env.HTTP_PROXY;
    process.env.HTTP_PROXY = p.url;
    try {
      const { message } = await run({ url: `${from}/v1` } as MockServer, { retry: { maxAttempts: 1 } });
      expect(message.errorMessage).toMatch(/answered with a redirect \(307\) to .*; set --base-url to the final address/);
      expect(p.carried.map((c) => c.target)).toEqual([`${from}/v1/chat/completions`]);
      expect(to.seen).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = saved;
      await p.close();
    }
  });
});
