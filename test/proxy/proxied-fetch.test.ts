// The model's transport behind a proxy, in process: what fetch would do on the way (other bodies,
// redirects and their rules) is done through the proxy, never handed to fetch, which would go direct.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { proxyErrorIn } from '../../src/net/proxy/error.js';
import { streamingFetch } from '../../src/ai/openai/transport.js';
import { startWeb, type LocalWeb } from '../web/local-web.js';
import { NO_PROXY_ENV, startProxy, type TestProxy } from './test-proxy.js';

const closing: (() => unknown)[] = [];
const saved = { ...process.env };
beforeEach(() => Object.assign(process.env, NO_PROXY_ENV));
afterEach(async () => {
  for (const name of Object.keys(NO_PROXY_ENV)) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function proxy(o: Parameters<typeof startProxy>[0] = {}): Promise<TestProxy> {
  const p = await startProxy(o);
  closing.push(() => p.close());
  process.env.HTTP_PROXY = p.url;
  process.env.HTTPS_PROXY = p.url;
  return p;
}

async function web(routes: Parameters<typeof startWeb>[0]): Promise<LocalWeb> {
  const w = await startWeb(routes);
  closing.push(() => w.close());
  return w;
}

const ok = (_req: unknown, res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');

describe('streamingFetch through a proxy', () => {
  it('a body that is not a string (a form, as an OAuth token request sends) goes as bytes with its content type', async () => {
    const w = await web({ '/token': ok });
    const p = await proxy();
    const res = await streamingFetch(`${w.url}/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'code', code: 'a b' }) });
    expect(await res.text()).toBe('ok');
    expect(w.requests[0]).toMatchObject({ method: 'POST', body: 'grant_type=code&code=a+b' });
    expect(w.requests[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(p.carried).toHaveLength(1);
  });

  it('a 307 to another origin is followed through the proxy with method and body, without the Authorization header', async () => {
    const end = await web({ '/end': ok });
    const start = await web({ '/start': (_req, res) => res.writeHead(307, { location: `${end.url}/end` }).end() });
    const p = await proxy();
    const res = await streamingFetch(`${start.url}/start`, {
      method: 'POST',
      body: '{"q":1}',
      headers: { authorization: 'Bearer test-only', 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(start.requests[0]!.headers.authorization).toBe('Bearer test-only');
    expect(end.requests[0]).toMatchObject({ method: 'POST', body: '{"q":1}' });
    expect(end.requests[0]!.headers.authorization).toBeUndefined();
    expect(p.carried.map((c) => c.target)).toEqual([`${start.url}/start`, `${end.url}/end`]);
  });

  it('a 303 becomes a GET without the body; a hop NO_PROXY exempts goes direct', async () => {
    const end = await web({ '/end': ok });
    const start = await web({ '/start': (_req, res) => res.writeHead(303, { location: `${end.url}/end` }).end() });
    const p = await proxy();
    process.env.NO_PROXY = `127.0.0.1:${end.port}`;
    const res = await streamingFetch(`${start.url}/start`, { method: 'POST', body: 'form' });
    expect(await res.text()).toBe('ok');
    expect(end.requests[0]).toMatchObject({ method: 'GET', body: '' });
    expect(p.carried.map((c) => c.target)).toEqual([`${start.url}/start`]);
  });

  it('a CONNECT the proxy refuses is the proxy’s failure, said with its answer', async () => {
    const p = await proxy({ refuseConnect: '403 Forbidden' });
    const failure = await streamingFetch('https://api.example.test/v1/models').catch((e: unknown) => e);
    expect(proxyErrorIn(failure)?.sentence('the model')).toBe(
      `cannot reach the model through the proxy http://127.0.0.1:${p.port} (HTTPS_PROXY): it answered CONNECT api.example.test:443 with 403 Forbidden`,
    );
    expect(p.carried).toEqual([expect.objectContaining({ method: 'CONNECT', target: 'api.example.test:443' })]);
  });

  it('an abort while the tunnel is being set up ends the request as an abort', async () => {
    await proxy();
    const controller = new AbortController();
    controller.abort(new DOMException('stopped', 'AbortError'));
    const failure = await streamingFetch('https://api.example.test/v1/models', { signal: controller.signal }).catch((e: unknown) => e);
    expect((failure as Error).name).toBe('AbortError');
  });
});
