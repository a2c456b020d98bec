// The fetch tool against pages built to hold tack up (issue 50): a page of 40,000 nested elements
// converts with a note instead of freezing, and an interrupt stops a fetch during its download and
// during its conversion.
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyAgentTool } from '../../src/agent/types.js';
import { createWebTools } from '../../tools/web/index.js';
import { bigPage } from './pages.js';
import { html, type LocalWeb, startWeb } from './local-web.js';

const webs: LocalWeb[] = [];
afterEach(async () => {
  await Promise.all(webs.splice(0).map((w) => w.close()));
});

async function web(routes: Parameters<typeof startWeb>[0]) {
  const w = await startWeb(routes);
  webs.push(w);
  return w;
}

const fetchTool = (): AnyAgentTool => createWebTools({ judge: () => 'allow', privateAllowed: (host) => host === '127.0.0.1' }).fetch;

async function run(params: Record<string, unknown>, signal = new AbortController().signal) {
  const result = await fetchTool().execute('call-1', params as never, signal);
  return { text: result.content.map((c) => (c.type === 'text' ? c.text : '')).join(''), isError: result.isError === true };
}

const nested = (n: number, tag = 'div') =>
  `<html><body><main><p>before</p>${`<${tag}>`.repeat(n)}the deep text${`</${tag}>`.repeat(n)}<p>after</p></main></body></html>`;

describe('fetch: pages built to hold it up', () => {
  it('converts a page of 40,000 nested divs, keeping its text, and says the nesting was cut', async () => {
    const w = await web({ '/deep': html(nested(40_000)), '/quote': html(nested(5_000, 'blockquote')) });
    for (const path of ['/deep', '/quote']) {
      const r = await run({ url: w.url + path });
      expect(r.isError).toBe(false);
      expect(r.text).toMatch(/before[\s\S]*the deep text[\s\S]*after/);
      expect(r.text).toContain("the page's elements nest deeper than 200 levels: those deeper were flattened");
    }
  }, 30_000);

  it('stops at once when interrupted while a slow page is downloading', async () => {
    let start = () => {};
    const started = new Promise<void>((resolve) => (start = resolve));
    const w = await web({
      '/slow': (_q, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><body><p>the start</p>', () => start());
        // and nothing more: the body never ends
      },
    });
    const stop = new AbortController();
    const call = run({ url: `${w.url}/slow` }, stop.signal);
    // the headers and the page's start are on their way: the download has begun
    await started;
    stop.abort();
    const settled = await Promise.race([call, new Promise((r) => setTimeout(() => r('still running'), 2000))]);
    expect(settled).toEqual({ isError: true, text: 'interrupted' });
  });

  it('stops when interrupted while a large page is being converted', async () => {
    const w = await web({ '/big': html(bigPage(1_900_000)) });
    const stop = new AbortController();
    // the conversion (about 3 s) looks at the signal between its pieces: the interrupt comes at its first look
    const look = stop.signal.throwIfAborted.bind(stop.signal);
    stop.signal.throwIfAborted = () => {
      stop.abort();
      look();
    };
    expect(await run({ url: `${w.url}/big` }, stop.signal)).toEqual({ isError: true, text: 'interrupted' });
  });
});
