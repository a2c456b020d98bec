// The model's todo list above the input: folded to one line (`3/7 ▸ the current item`) while
// items are open, in full after Ctrl+T (a window around the current item when the terminal is
// short), and the whole list, long items wrapped, for /todo.
import { isOpen, todoProgress, type TodoItem } from '../../../session/todo/list.js';
import { s, sym } from '../text/style.js';
import { sanitize, truncate, wrapWithPrefix } from '../text/text.js';

/** Lines of the expanded list above the input, at most; /todo prints every item. */
const MAX_SHOWN = 12;

/** The model's words on one line, without control characters. */
const oneLine = (text: string) => sanitize(text).replace(/\s*\n\s*/g, ' ');

const MARKS = {
  done: () => s.green(sym('✓', 'x')),
  in_progress: () => s.yellow(sym('▸', '>')),
  cancelled: () => s.gray(sym('✗', '-')),
  pending: () => s.gray(sym('○', 'o')),
} as const;

function styled(item: TodoItem, text: string): string {
  if (item.status === 'done') return s.dim(text);
  if (item.status === 'in_progress') return s.bold(text);
  if (item.status === 'cancelled') return s.gray(s.strike(text));
  return text;
}

/** One item on one line, cut to the width (above the input, where height is short). */
function itemLine(item: TodoItem, cols: number): string {
  return `  ${MARKS[item.status]()} ${styled(item, truncate(oneLine(`${item.id}. ${item.text}`), Math.max(4, cols - 4)))}`;
}

/** One item whole, wrapped under its text (/todo: nothing of the model's step is cut). */
function itemLines(item: TodoItem, cols: number): string[] {
  return wrapWithPrefix(oneLine(`${item.id}. ${item.text}`), cols, `  ${MARKS[item.status]()} `, '    ').map((l) => styled(item, l));
}

/** `3/7 ▸ the current item`, or `3/7` when nothing is open. */
export function foldedTodoLine(items: readonly TodoItem[], cols: number): string {
  const { done, total, current } = todoProgress(items);
  const head = `${done}/${total}`;
  return truncate(current ? `${s.bold(head)} ${s.yellow(sym('▸', '>'))} ${oneLine(current.text)}` : s.bold(head), cols);
}

function header(items: readonly TodoItem[]): string {
  const { done, total } = todoProgress(items);
  return `${s.bold('Todo')} ${s.gray(`${done}/${total} done`)}`;
}

/** The whole list, for /todo: its count, then every item, long ones wrapped. */
export function todoListLines(items: readonly TodoItem[], cols: number): string[] {
  return [header(items), ...items.flatMap((i) => itemLines(i, cols))];
}

/**
 * The list in at most `max` lines, always with its count and the current item: a window of the
 * items that opens one before the current one, with a line for those left out above and below.
 */
export function todoWindow(items: readonly TodoItem[], cols: number, max: number): string[] {
  if (max <= 0) return [];
  if (max === 1) return [foldedTodoLine(items, cols)];
  const room = max - 1;
  if (items.length <= room) return [header(items), ...items.map((i) => itemLine(i, cols))];
  const { current } = todoProgress(items);
  const at = Math.max(0, current ? items.indexOf(current) : 0);
  // too short for the lines that say what is left out: the current item and those after it
  if (room < 3) return [header(items), ...items.slice(at, at + room).map((i) => itemLine(i, cols))];
  let start = Math.max(0, at - 1);
  const fits = (from: number) => room - (from > 0 ? 1 : 0) - (from + room < items.length ? 1 : 0);
  // keep the window full: near the end, open it earlier
  while (start > 0 && start + fits(start) > items.length) start--;
  const count = Math.max(1, fits(start));
  const below = items.length - start - count;
  return [
    header(items),
    ...(start > 0 ? [s.gray(`  … ${start} above`)] : []),
    ...items.slice(start, start + count).map((i) => itemLine(i, cols)),
    ...(below > 0 ? [s.gray(`  … ${below} more (/todo shows all)`)] : []),
  ];
}

/**
 * Above the input: nothing without open items (unless expanded), one line folded, the list
 * expanded in at most `max` lines.
 */
export function renderTodos(items: readonly TodoItem[], expanded: boolean, cols: number, max = MAX_SHOWN + 1): string[] {
  if (items.length === 0) return [];
  if (expanded) return todoWindow(items, cols, Math.min(max, MAX_SHOWN + 1));
  if (!items.some(isOpen) || max <= 0) return [];
  return [`${foldedTodoLine(items, cols - 12)}${s.gray('  Ctrl+T list')}`];
}
