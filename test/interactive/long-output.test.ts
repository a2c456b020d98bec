// Long bash output as the user and the model are told of it: the true count of what is hidden, and
// bytes when a cut left out no whole line. The tool runs for real; the view renders its result.
import { beforeAll, describe, expect, it } from 'vitest';
import { stripAnsi } from '../../src/text/escapes.js';
import { setColorLevel } from '../../src/modes/interactive/text/style.js';
import { renderToolCall } from '../../src/modes/interactive/view/tool-view.js';
import { workspace } from '../tools/helpers.js';

beforeAll(() => setColorLevel('color'));

async function shown(command: string) {
  const { run } = workspace();
  const result = await run('bash', { command });
  const view = renderToolCall(
    { id: '1', name: 'bash', args: { command }, status: 'done', result: { content: [{ type: 'text', text: result.text }], details: result.details } },
    100,
  ).map(stripAnsi);
  return { text: result.text, view };
}

describe('long bash output', () => {
  it('seq 1 3000: the preview says 2,995 lines are hidden above its last 5, and the model hears 2,500 omitted', async () => {
    const { text, view } = await shown('seq 1 3000');
    expect(view.slice(1)).toEqual(['  … 2995 more lines above (Ctrl+O shows the kept head and tail)', '  2996', '  2997', '  2998', '  2999', '  3000']);
    expect(text).toMatch(/\[… 2500 lines \([\d.]+ KB\) omitted; the full output \([\d.]+ KB\) is in /);
  });

  it('one 200 KB line: the bytes cut are said, not "0 lines omitted"', async () => {
    const { text, view } = await shown("head -c 200000 /dev/zero | tr '\\0' x");
    expect(text).not.toContain('0 lines omitted');
    const note = text.split('\n').find((l) => l.startsWith('[… '));
    expect(note).toMatch(/^\[… 1\d\d KB from within long lines omitted; the full output \(195 KB\) is in /);
    expect(view[1]).toContain('KB from within long lines omitted');
    expect(view).toHaveLength(3);
  });
});
