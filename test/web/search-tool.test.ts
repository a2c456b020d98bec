// The search tool's failures, each one sentence, against a local fake backend.
import { afterEach, expect, it } from 'vitest';
import { createWebTools } from '../../tools/web/index.js';
import { html, json, type LocalWeb, startWeb } from './local-web.js';

let w: LocalWeb | undefined;
const started: LocalWeb[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

async function search(routes: Parameters<typeof startWeb>[0], networkOff?: string) {
  w = await startWeb(routes);
  started.push(w);
  const tool = createWebTools({ judge: () => 'allow', privateAllowed: () => false, networkOff, search: { provider: 'searxng', url: w.url } }).search!;
  const result = await tool.execute('1', { query: 'q' } as never, new AbortController().signal);
  return { text: result.content.map((c) => (c.type === 'text' ? c.text : '')).join(''), isError: result.isError === true };
}

it('a rate limit longer than the bound is reported, not waited for', async () => {
  const r = await search({ '/search': json({}, 429, { 'retry-after': '3600' }) });
  expect(r).toEqual({
    isError: true,
    text: 'the searxng search backend is rate limiting tack (429 Too Many Requests); it asks to wait 3600 s; try again later or search less often',
  });
  expect(w!.requests).toHaveLength(1);
});

it('a refused key, an answer that is not JSON, an empty list, the network off', async () => {
  expect((await search({ '/search': json({}, 403) })).text).toBe(
    'the searxng search backend refused the key (403); check the variable named by "search.apiKeyEnv"',
  );
  expect((await search({ '/search': html('<p>format=json is disabled</p>') })).text).toMatch(/^the searxng search backend gave an answer tack cannot read: /);
  expect(await search({ '/search': json({ results: [] }) })).toEqual({ isError: false, text: 'no results for "q"' });
  expect((await search({}, 'the network is off')).text).toBe('refused: the network is off');
});
