// The session picker and a resumed conversation's condensed history, without a terminal.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssistantMessage, Message } from '../../src/ai/types.js';
import { SessionPicker } from '../../src/modes/interactive/app/session-picker.js';
import { keyCommand } from '../../src/modes/interactive/input/keymap.js';
import { KeyParser } from '../../src/modes/interactive/input/keys.js';
import { setColorLevel } from '../../src/modes/interactive/text/style.js';
import { stripAnsi } from '../../src/text/escapes.js';
import { SHOWN_MESSAGES, renderHistory } from '../../src/modes/interactive/view/history-view.js';
import type { SessionSummary } from '../../src/session/file/locate.js';
import { summaryMessage } from '../../src/session/file/entries.js';

beforeAll(() => setColorLevel('color'));

const session = (id: string, firstPrompt: string, turns: number, size: number, day: number): SessionSummary => ({
  path: `/s/${id}.jsonl`,
  id,
  created: new Date(2026, 0, day, 9, 30),
  size,
  firstPrompt,
  turns,
});

describe('session picker', () => {
  async function open(sessions: SessionSummary[]) {
    const chosen: (string | null)[] = [];
    const picker = new SessionPicker(
      Promise.resolve(sessions),
      (p) => chosen.push(p),
      () => {},
      'new conversation',
    );
    await Promise.resolve();
    const parser = new KeyParser();
    const type = (raw: string) => {
      for (const e of parser.feed(raw)) picker.handle(keyCommand(e));
    };
    return { picker, chosen, type, screen: () => picker.render(100).map(stripAnsi) };
  }

  it('lists date, turns, size and first prompt, the first one selected', async () => {
    const { screen } = await open([session('a1', 'fix the login bug', 12, 1_300_000, 5), session('b2', 'write tests', 1, 900, 4)]);
    const lines = screen();
    expect(lines[0]).toContain('Resume a session');
    expect(lines[0]).toContain('Esc: new conversation');
    expect(lines[2]).toBe('› 2026-01-05 09:30  12 turns   1.2 MB   fix the login bug');
    expect(lines[3]).toBe('  2026-01-04 09:30  1 turn     900 B    write tests');
  });

  it('typing filters (every word, any order, case-insensitive); Enter resumes the selected one', async () => {
    const { screen, type, chosen } = await open([
      session('a1', 'fix the login bug', 3, 10, 5),
      session('b2', 'write tests for login', 1, 10, 4),
      session('c3', 'docs', 1, 10, 3),
    ]);
    type('LOGIN');
    expect(screen().slice(2)).toHaveLength(2);
    type(' tests');
    expect(screen()[1]).toContain('LOGIN tests');
    expect(screen().slice(2)).toEqual([expect.stringContaining('write tests for login')]);
    type('\x7f\x7f\x7f\x7f\x7f\x7f');
    expect(screen().slice(2)).toHaveLength(2);
    type('\x1b[B\r');
    expect(chosen).toEqual(['/s/b2.jsonl']);
  });

  it('Esc closes it without a choice; an empty list says so', async () => {
    const { screen, type, chosen } = await open([]);
    expect(screen().at(-1)).toBe('  no earlier sessions in this directory');
    type('\r');
    expect(chosen).toEqual([]);
    type('\x1b');
    expect(chosen).toEqual([null]);
  });
});

const user = (text: string): Message => ({ role: 'user', content: text, timestamp: 1 });
const answer = (text: string, calls: { id: string; name: string; args: Record<string, unknown> }[] = []): AssistantMessage => ({
  role: 'assistant',
  content: [
    ...(text ? [{ type: 'text' as const, text }] : []),
    ...calls.map((c) => ({ type: 'toolCall' as const, id: c.id, name: c.name, arguments: c.args })),
  ],
  provider: 'p',
  model: 'm',
  usage: { input: 0, output: 0, cacheRead: 0, totalTokens: 0, cost: null },
  stopReason: calls.length ? 'toolUse' : 'stop',
  timestamp: 1,
});
const result = (id: string, name: string, text: string, isError = false): Message => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: name,
  content: [{ type: 'text', text }],
  isError,
  timestamp: 1,
});

describe('condensed history of a resumed session', () => {
  const text = (blocks: string[][]) => blocks.map((b) => b.map(stripAnsi));

  it('compacted history is one marker with its count; answers are cut to a few lines; a tool call is one line under its answer', () => {
    const long = Array.from({ length: 20 }, (_, i) => `paragraph ${i}`).join('\n\n');
    const blocks = text(
      renderHistory(
        [
          summaryMessage('what happened before', 1),
          user('fix the bug'),
          answer('Reading it.', [{ id: 'c1', name: 'bash', args: { command: 'npm test' } }]),
          result('c1', 'bash', 'FAIL 3 tests\nmore output', true),
          answer(long),
        ],
        3970,
        60,
      ),
    );
    expect(blocks[0]![0]).toMatch(/^─+ 3970 earlier messages compacted into a summary ─+$/);
    expect(blocks.flat().join('\n')).not.toContain('what happened before');
    expect(blocks[1]).toEqual(['› fix the bug']);
    expect(blocks[2]![0]).toBe('Reading it.');
    expect(blocks[2]![1]).toMatch(/^✗ bash npm test/);
    expect(blocks[2]).toHaveLength(2);
    expect(blocks[3]).toHaveLength(6);
    expect(blocks[3]![0]).toBe('paragraph 0');
    expect(blocks[3]![5]).toBe('… 15 more lines');
  });

  it('a huge answer or paste: only its start is rendered, under a note', () => {
    const huge = Array.from({ length: 30_000 }, (_, i) => `line ${i} of a very long answer`).join('\n');
    const started = performance.now();
    const blocks = text(renderHistory([user(huge), answer(huge)], 0, 60));
    expect(performance.now() - started).toBeLessThan(500);
    expect(blocks[0]).toEqual([
      '› line 0 of a very long answer',
      '  line 1 of a very long answer',
      '  line 2 of a very long answer',
      '  … (the rest of a long message)',
    ]);
    expect(blocks[1]).toHaveLength(6);
    expect(blocks[1]!.at(-1)).toBe('… (the rest of a long message)');
  });

  it('a long session without compaction shows its latest messages under a count of the others', () => {
    const messages = Array.from({ length: SHOWN_MESSAGES + 50 }, (_, i) => (i % 2 ? answer(`a${i}`) : user(`u${i}`)));
    const blocks = text(renderHistory(messages, 0, 60));
    expect(blocks[0]![0]).toContain('50 earlier messages not shown');
    expect(blocks[1]).toEqual(['› u50']);
    expect(blocks.at(-1)).toEqual([`a${SHOWN_MESSAGES + 49}`]);
  });
});
