// The model's todo list above the input: folded to one line (`3/7 ▸ the current item`) while
// items are open, in full after Ctrl+T, and the whole list for /todo.
import { isOpen, todoProgress, type TodoItem } from '../../../session/todo/list.js';
import { s, sym } from '../text/style.js';
import { sanitize, truncate } from '../text/text.js';

/** Lines of the expanded list above the input, at most; /todo prints every item. */
const MAX_SHOWN = 12;

/** The model's words on one line, without control characters. */
const oneLine = (text: string) => sanitize(text).replace(/\s*\n\s*/g, ' ');

function itemLine(item: TodoItem, cols: number): string {
  const text = truncate(oneLine(`${item.id}. ${item.text}`), Math.max(4, cols - 4));
  switch (item.status) {
    case 'done':
      return `  ${s.green(sym('✓', 'x'))} ${s.dim(text)}`;
    case 'in_progress':
      return `  ${s.yellow(sym('▸', '>'))} ${s.bold(text)}`;
    case 'cancelled':
      return `  ${s.gray(sym('✗', '-'))} ${s.gray(s.strike(text))}`;
    default:
      return `  ${s.gray(sym('○', 'o'))} ${text}`;
  }
}

/** `3/7 ▸ the current item`, or `3/7` when nothing is open. */
export function foldedTodoLine(items: readonly TodoItem[], cols: number): string {
  const { done, total, current } = todoProgress(items);
  const head = `${done}/${total}`;
  return truncate(current ? `${s.bold(head)} ${s.yellow(sym('▸', '>'))} ${oneLine(current.text)}` : s.bold(head), cols);
}

/** The whole list, one line an item under its count. */
export function todoListLines(items: readonly TodoItem[], cols: number, max = Number.POSITIVE_INFINITY): string[] {
  const { done, total } = todoProgress(items);
  const shown = items.length > max ? items.slice(0, max - 1) : items;
  const more = items.length - shown.length;
  return [
    `${s.bold('Todo')} ${s.gray(`${done}/${total} done`)}`,
    ...shown.map((i) => itemLine(i, cols)),
    ...(more > 0 ? [s.gray(`  … ${more} more (/todo shows all)`)] : []),
  ];
}

/** Above the input: nothing without open items (unless expanded), one line folded, the list expanded. */
export function renderTodos(items: readonly TodoItem[], expanded: boolean, cols: number): string[] {
  if (items.length === 0) return [];
  if (expanded) return todoListLines(items, cols, MAX_SHOWN);
  if (!items.some(isOpen)) return [];
  return [`${foldedTodoLine(items, cols - 12)}${s.gray('  Ctrl+T list')}`];
}
