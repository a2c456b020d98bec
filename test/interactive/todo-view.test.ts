// The todo list's lines above the input: what the model wrote reaches the terminal without its
// control bytes (a hostile item cannot move the cursor, set the title or write the clipboard).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setColorLevel } from '../../src/modes/interactive/text/style.js';
import { foldedTodoLine, renderTodos, todoListLines } from '../../src/modes/interactive/view/todo-view.js';
import type { TodoItem } from '../../src/session/todo/list.js';

beforeAll(() => setColorLevel('none'));
afterAll(() => setColorLevel('color'));

const items: TodoItem[] = [
  { id: '1', text: 'read calc.js', status: 'done' },
  { id: '2', text: 'fix the sign', status: 'in_progress' },
  { id: '3', text: 'run the tests', status: 'pending' },
  { id: '4', text: 'port to Rust', status: 'cancelled' },
];

describe('the todo view', () => {
  it('folds to "done/total ▸ current", counting no cancelled item; nothing when no item is open, unless expanded', () => {
    expect(foldedTodoLine(items, 80)).toBe('1/3 > fix the sign');
    expect(renderTodos(items, false, 80)).toEqual(['1/3 > fix the sign  Ctrl+T list']);
    const closed = items.map((i) => ({ ...i, status: 'done' as const }));
    expect(renderTodos(closed, false, 80)).toEqual([]);
    expect(renderTodos(closed, true, 80)[0]).toBe('Todo 4/4 done');
    expect(renderTodos([], true, 80)).toEqual([]);
  });

  it('expanded: one line an item, cut to the width, at most 12 lines above the input', () => {
    expect(todoListLines(items, 80)).toEqual(['Todo 1/3 done', '  x 1. read calc.js', '  > 2. fix the sign', '  o 3. run the tests', '  - 4. port to Rust']);
    const many = Array.from({ length: 30 }, (_, k) => ({ id: String(k + 1), text: `step ${'x'.repeat(200)}`, status: 'pending' as const }));
    const lines = renderTodos(many, true, 40);
    expect(lines).toHaveLength(13);
    expect(lines.at(-1)).toBe('  … 19 more (/todo shows all)');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
  });

  it("a hostile item's escapes and control bytes never reach the terminal", () => {
    const hostile: TodoItem[] = [
      { id: '1', text: 'ok\x1b]52;c;ZWNobyBwd25lZA==\x07\x1b[2J\x1b]0;owned\x07\rhidden\nsecond line\x9b31m', status: 'in_progress' },
      { id: '2\x1b[31m', text: 'red id', status: 'pending' },
    ];
    for (const line of [...renderTodos(hostile, false, 120), ...todoListLines(hostile, 120)]) {
      expect(line).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
      expect(line).not.toContain('\n');
    }
  });
});
