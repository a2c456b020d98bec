// A fetch in the app's transcript is one line (`✓ fetch host/path/… 12k chars`); Ctrl+O shows the
// text it gave. The tool runs for real against a local page; the view renders its result.
import { beforeAll, expect, it } from 'vitest';
import { setColorLevel } from '../../src/modes/interactive/text/style.js';
import { renderToolCall, type ToolCallView } from '../../src/modes/interactive/view/tool-view.js';
import { stripAnsi } from '../../src/text/escapes.js';
import { createWebTools } from '../../tools/web/index.js';
import { html, startWeb } from './local-web.js';
import { bigPage } from './pages.js';

beforeAll(() => setColorLevel('color'));

it('a fetch is one line naming the address and the characters; expanded, the page text', async () => {
  const w = await startWeb({ '/3/library/asyncio/task.html': html(bigPage(40_000)) });
  try {
    const url = `${w.url}/3/library/asyncio/task.html`;
    const tool = createWebTools({ judge: () => 'allow', privateAllowed: () => true }).fetch;
    const result = await tool.execute('1', { url } as never, new AbortController().signal);
    const view: ToolCallView = { id: '1', name: 'fetch', args: { url }, status: 'done', result };
    const chars = (result.details as { chars: number }).chars;
    const lines = renderToolCall(view, 100).map(stripAnsi);
    expect(lines).toEqual([`✓ fetch 127.0.0.1:${w.port}/3/library/… ${Math.round(chars / 1000)}k chars`]);
    const expanded = renderToolCall(view, 100, { expanded: true }).map(stripAnsi);
    expect(expanded.join('\n')).toContain('## Section 1');
    const running = renderToolCall({ ...view, status: 'running', result: undefined }, 100).map(stripAnsi);
    expect(running).toEqual([`○ fetch 127.0.0.1:${w.port}/3/library/…`]);
  } finally {
    await w.close();
  }
});
