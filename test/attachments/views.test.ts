// How attached files show: the typed text, then one dim line per file with its size, live and in a
// resumed session alike; the queue and Esc give back what was typed, not the files.
import { describe, expect, it } from 'vitest';
import { Agent } from '../../src/agent/agent.js';
import { fauxAssistantMessage, fauxProvider, fauxText } from '../../src/ai/faux.js';
import { createModels } from '../../src/ai/models.js';
import type { UserMessage } from '../../src/ai/types.js';
import { completionItems } from '../../src/modes/interactive/complete/completion.js';
import { stripAnsi } from '../../src/text/escapes.js';
import { renderHistory } from '../../src/modes/interactive/view/history-view.js';
import { renderUserMessage } from '../../src/modes/interactive/view/messages.js';
import { filePart, imageLabel } from '../../src/session/attachments/parts.js';
import { withAttachments } from '../../src/session/attachments/index.js';

const message = withAttachments('explain these', [
  filePart({ path: 'src/a.ts', kind: 'text', size: '20 B' }, 'export const a = 1;\n'),
  filePart({ path: 'big.log', kind: 'text', size: '1.2 MB', cut: 'after line 2000 (48 KB of 1.2 MB)' }, 'x\n', 'cut after line 2000'),
  imageLabel({ path: 'shot.png', kind: 'image', size: '70 B' }, 'image/png'),
  { type: 'image', data: 'AAAA', mimeType: 'image/png' },
]) as UserMessage;

const plain = (lines: string[]) => lines.map(stripAnsi);

describe('attachments on screen', () => {
  it('shows the typed text and one line per attached file, not the files themselves', () => {
    expect(plain(renderUserMessage(message, 80))).toEqual([
      '› explain these',
      '  ⎘ src/a.ts (20 B)',
      '  ⎘ big.log (1.2 MB, cut after line 2000 (48 KB of 1.2 MB))',
      '  ⎘ shot.png (70 B image)',
    ]);
  });

  it('shows them the same way in a resumed session', () => {
    const blocks = renderHistory([message], 0, 80).map(plain);
    expect(blocks).toEqual([
      ['› explain these', '  ⎘ src/a.ts (20 B)', '  ⎘ big.log (1.2 MB, cut after line 2000 (48 KB of 1.2 MB))', '  ⎘ shot.png (70 B image)'],
    ]);
  });

  it('a queued message with attachments is listed as what was typed', async () => {
    const faux = fauxProvider();
    const models = createModels();
    models.setProvider(faux.provider);
    faux.setResponses([fauxAssistantMessage([fauxText('ok')])]);
    const agent = new Agent({ initialState: { systemPrompt: '', model: faux.getModel(), tools: [] }, streamFn: models.streamSimple.bind(models) });
    const listed: string[][] = [];
    agent.subscribe((e) => {
      if (e.type === 'queue_update') listed.push(e.steering);
    });
    agent.steer(message);
    await agent.waitForIdle();
    expect(listed[0]).toEqual(['explain these']);
  });

  it('the @ menu quotes a path with spaces, so all of it attaches', () => {
    const items = completionItems({ kind: 'path', query: 'no', from: 0 }, ['my notes.md', 'notes.md']);
    expect(items.map((i) => i.insert).sort()).toEqual(['@"my notes.md"', '@notes.md']);
  });
});
