// The todo list's rules, pure: changes by id only, an unknown id refused with the list unchanged,
// and the reminder's timing and size.
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../src/agent/types.js';
import type { Message } from '../../src/ai/types.js';
import { applyTodoChange, formatTodoList, todoProgress, type TodoItem } from '../../src/session/todo/list.js';
import { Reminders, STALE_TURNS, reminderText, turnsSinceTodo } from '../../src/session/todo/reminder.js';

const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const turn = (tool: string): Message =>
  ({
    role: 'assistant',
    content: [{ type: 'toolCall', id: `c${Math.random()}`, name: tool, arguments: {} }],
    api: 'openai-completions',
    provider: 'p',
    model: 'm',
    usage,
    stopReason: 'toolUse',
    timestamp: 1,
  }) as Message;
const result = (): Message => ({
  role: 'toolResult',
  toolCallId: 'c',
  toolName: 'ls',
  content: [{ type: 'text', text: 'a.txt' }],
  isError: false,
  timestamp: 1,
});
const user: Message = { role: 'user', content: 'do the three things', timestamp: 1 };

const three = (): TodoItem[] => {
  const out = applyTodoChange([], { add: [{ text: 'read the code' }, { text: 'change it', status: 'in_progress' }, { text: 'test it' }] });
  if (!out.ok) throw new Error(out.error);
  return out.items;
};

describe('the todo list', () => {
  it('adds items with ids 1, 2, 3 and changes them by id; new ids never reuse an old one', () => {
    const items = three();
    expect(items.map((i) => `${i.id}:${i.status}`)).toEqual(['1:pending', '2:in_progress', '3:pending']);
    const next = applyTodoChange(items, {
      update: [
        { id: '2', status: 'done' },
        { id: '3', text: 'run the tests' },
      ],
      add: [{ text: 'write the notes' }],
    });
    expect(next.ok && next.items.map((i) => `${i.id}:${i.status}:${i.text}`)).toEqual([
      '1:pending:read the code',
      '2:done:change it',
      '3:pending:run the tests',
      '4:pending:write the notes',
    ]);
    expect(items[1].status).toBe('in_progress');
  });

  it('an unknown id is refused in a sentence naming the ids, and nothing of the call applies', () => {
    const items = three();
    const out = applyTodoChange(items, {
      update: [
        { id: '1', status: 'done' },
        { id: '9', status: 'done' },
      ],
      add: [{ text: 'x' }],
    });
    expect(out).toEqual({ ok: false, error: 'no todo item has the id "9" (the ids are 1, 2, 3); nothing was changed' });
    expect(items.map((i) => i.status)).toEqual(['pending', 'in_progress', 'pending']);
    expect(applyTodoChange([], { update: [{ id: '1', status: 'done' }] })).toMatchObject({ ok: false, error: expect.stringContaining('the list is empty') });
    expect(applyTodoChange(items, { update: [{ id: '1' }] })).toMatchObject({ ok: false });
  });

  it('shows the whole list compactly, and counts done of those not cancelled', () => {
    const out = applyTodoChange(three(), {
      update: [
        { id: '1', status: 'done' },
        { id: '3', status: 'cancelled' },
      ],
    });
    const items = out.ok ? out.items : [];
    expect(formatTodoList(items)).toBe('Todo list (1/2 done):\n[x] 1. read the code\n[>] 2. change it (in progress)\n[-] 3. test it (cancelled)');
    expect(todoProgress(items)).toMatchObject({ done: 1, total: 2, current: { id: '2' } });
  });
});

describe('the reminder', () => {
  it(`counts the model's turns since its last todo call`, () => {
    expect(turnsSinceTodo([user, turn('todo'), result(), turn('ls'), result(), turn('ls'), result()])).toBe(2);
    expect(turnsSinceTodo([user, turn('ls'), result()])).toBe(1);
  });

  it(`comes once after ${STALE_TURNS} turns without a todo call, stays where it was put, and again after the next staleness`, () => {
    const items = three();
    const reminders = new Reminders();
    const messages: AgentMessage[] = [user, turn('todo'), result()];
    const count = (ms: AgentMessage[]) => JSON.stringify(ms).split('<reminder>').length - 1;
    for (let k = 0; k < STALE_TURNS - 1; k++) {
      messages.push(turn('ls'), result());
      expect(count(reminders.apply(messages, items))).toBe(0);
    }
    messages.push(turn('ls'), result());
    const first = reminders.apply(messages, items);
    expect(count(first)).toBe(1);
    expect(JSON.stringify(first.at(-1))).toContain('<reminder>');
    // the transcript itself is not changed: the reminder is in the request only
    expect(count(messages)).toBe(0);
    messages.push(turn('ls'), result(), turn('ls'), result(), turn('ls'), result());
    const later = reminders.apply(messages, items);
    expect(count(later)).toBe(1);
    expect(later[first.length - 1]).toEqual(first.at(-1));
    // the very same object in every request: the request builder converts a message it saw before only once
    expect(later[first.length - 1]).toBe(first.at(-1));
    messages.push(turn('todo'), result(), turn('ls'), result(), turn('ls'), result(), turn('ls'), result());
    expect(count(reminders.apply(messages, items))).toBe(2);
  });

  it('names no item when none is open, and stays short for a long list', () => {
    const done = applyTodoChange(three(), { update: ['1', '2', '3'].map((id) => ({ id, status: 'done' as const })) });
    expect(reminderText(done.ok ? done.items : [], 5)).toBeUndefined();
    expect(reminderText([], 5)).toBeUndefined();
    const long = applyTodoChange([], { add: Array.from({ length: 40 }, (_, i) => ({ text: `step ${i} ${'x'.repeat(300)}` })) });
    const text = reminderText(long.ok ? long.items : [], 3) ?? '';
    expect(text).toContain('… and 30 more');
    expect(text.length).toBeLessThan(1600);
  });
});
