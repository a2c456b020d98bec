// The built CLI against a model server that answers with a redirect (issue 50): print mode says one
// sentence and exits 1, with no stack trace, and the key never reaches the address it points to.
import type { IncomingHttpHeaders } from 'node:http';
import { expect, it } from 'vitest';
import { httpServers } from '../support/listen.js';
import { makeProject, runTack } from '../support/cli.js';

const listen = httpServers();

const KEY = 'sk-redirect-test-0000';

for (const status of [307, 308, 302]) {
  it(`tack -p against a server answering POST /v1/chat/completions with ${status}: one sentence, exit 1, the key kept`, async () => {
    const seen: { method?: string; headers: IncomingHttpHeaders }[] = [];
    const to = await listen((req, res) => {
      seen.push({ method: req.method, headers: req.headers });
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: [DONE]\n\n');
    });
    const from = await listen((req, res) => {
      req.resume();
      res.writeHead(status, { location: `${to}${req.url}` }).end();
    });
    const { dir, home } = makeProject();
    const r = await runTack(['-p', '--base-url', `${from}/v1`, '--api-key', KEY, '-m', 'm', 'hi'], { cwd: dir, home });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `tack: the server at ${from}/v1 answered with a redirect (${status}) to ${to}/v1/chat/completions; set --base-url to the final address (${to}/v1)\n`,
    );
    // the slots probe of a local server (GET /slots, /props, never with the key) may follow it; the model call does not
    expect(seen.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(seen.filter((r) => r.headers.authorization !== undefined)).toEqual([]);
  });
}
