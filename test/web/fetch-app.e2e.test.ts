// A fetch in the app (tmux): the question names the host and offers "always for this host", the
// result is one line, Ctrl+O shows the page's text. The loopback page is reached through a rule
// naming 127.0.0.1; an ask rule for the same host makes the app ask all the same.
import { afterEach, expect, it } from 'vitest';
import { startApp, stopApps, toolResults } from '../interactive/harness.js';
import { hasTmux } from '../interactive/tmux.js';
import { projectWithSettings } from '../support/cli.js';
import { html, type LocalWeb, startWeb } from './local-web.js';
import { DOC_PAGE } from './pages.js';

let web: LocalWeb | undefined;
afterEach(async () => {
  await stopApps();
  await web?.close();
});

const run = hasTmux() ? it : it.skip;

run('asks naming the host, then shows the page as one line that Ctrl+O opens', async () => {
  web = await startWeb({ '/docs/install.html': html(DOC_PAGE) });
  const url = `${web.url}/docs/install.html`;
  const rule = 'fetch(domain:127.0.0.1)';
  const { term, server } = await startApp([{ toolCalls: [{ name: 'fetch', arguments: { url } }] }, { text: 'Read the install page.' }], {
    project: projectWithSettings({ permissions: { allow: [rule], ask: [rule] } }),
  });
  term.type('how do I install widgets?');
  term.keys('Enter');
  const asking = await term.waitFor(`? Fetch ${url}`, 10_000, 'the question');
  expect(asking).toContain(`covered by the rule "${rule}" in permissions.ask`);
  expect(asking).toContain("Yes, and don't ask again for 127.0.0.1 this session");
  term.type('y');
  await term.waitFor('Read the install page.');
  const history = term.history();
  expect(history).toMatch(new RegExp(`✓ fetch 127\\.0\\.0\\.1:${web.port}/docs/install\\.html \\d+ chars\\n`));
  expect(history).not.toContain('widgets.install(force=True)');
  expect(toolResults(server.chatRequests()[1]!)[0]).toContain('widgets.install(force=True)');
  term.keys('C-o');
  await term.waitFor('widgets.install(force=True)', 10_000, 'the expanded page');
});
