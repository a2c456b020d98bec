// The todo list the model keeps: items with ids, changed only item by item, so no call can drop one.
// Pure: the Session holds the list (todos.ts), the tool turns calls into changes (tool.ts).

/** the tool's name: the policy lets it run in every mode, it changes nothing of the user's */
export const TODO_TOOL = 'todo';

export const TODO_STATUSES = ['pending', 'in_progress', 'done', 'cancelled'] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

export interface TodoItem {
  id: string;
  text: string;
  status: TodoStatus;
}

/** The list after a change, as the session file keeps it: the last one in the file is the list `-c` restores. */
export interface TodosEntry {
  type: 'todos';
  items: TodoItem[];
}

/** One call's changes: updates to items by id, then new items (ids are given by the list). */
export interface TodoChange {
  add?: readonly { text: string; status?: TodoStatus }[];
  update?: readonly { id: string; status?: TodoStatus; text?: string }[];
}

export type TodoOutcome = { ok: true; items: TodoItem[]; added: string[] } | { ok: false; error: string };

export const isOpen = (item: TodoItem): boolean => item.status === 'pending' || item.status === 'in_progress';

/** The list after `change`, or why it cannot apply (then nothing of it applies). */
export function applyTodoChange(items: readonly TodoItem[], change: TodoChange): TodoOutcome {
  const next = items.map((item) => ({ ...item }));
  for (const u of change.update ?? []) {
    const item = next.find((i) => i.id === u.id);
    if (!item) {
      const ids = items.length ? `the ids are ${items.map((i) => i.id).join(', ')}` : 'the list is empty: add items first';
      return { ok: false, error: `no todo item has the id "${u.id}" (${ids}); nothing was changed` };
    }
    if (u.status === undefined && u.text === undefined)
      return { ok: false, error: `the update of item ${u.id} gives neither a status nor a text; nothing was changed` };
    if (u.text !== undefined && !u.text.trim()) return { ok: false, error: `the new text of item ${u.id} is empty; nothing was changed` };
    if (u.status) item.status = u.status;
    if (u.text !== undefined) item.text = u.text.trim();
  }
  let last = Math.max(0, ...items.map((i) => Number(i.id)).filter(Number.isFinite));
  const added: string[] = [];
  for (const a of change.add ?? []) {
    if (!a.text.trim()) return { ok: false, error: 'an added item has an empty text; nothing was changed' };
    const id = String(++last);
    next.push({ id, text: a.text.trim(), status: a.status ?? 'pending' });
    added.push(id);
  }
  return { ok: true, items: next, added };
}

const MARKS: Record<TodoStatus, string> = { pending: '[ ]', in_progress: '[>]', done: '[x]', cancelled: '[-]' };

/** The list as the model reads it: one line an item, its id first. */
export function formatTodoList(items: readonly TodoItem[]): string {
  if (items.length === 0) return 'The todo list is empty.';
  const { done, total } = todoProgress(items);
  const lines = items.map(
    (i) => `${MARKS[i.status]} ${i.id}. ${i.text}${i.status === 'in_progress' ? ' (in progress)' : i.status === 'cancelled' ? ' (cancelled)' : ''}`,
  );
  return [`Todo list (${done}/${total} done):`, ...lines].join('\n');
}

/** Items done of those not cancelled, and the item being worked on (else the next one open). */
export function todoProgress(items: readonly TodoItem[]): { done: number; total: number; current: TodoItem | undefined } {
  const counted = items.filter((i) => i.status !== 'cancelled');
  const current = items.find((i) => i.status === 'in_progress') ?? items.find((i) => i.status === 'pending');
  return { done: counted.filter((i) => i.status === 'done').length, total: counted.length, current };
}

/** A list read back from a session file: only well-formed items. */
export function readTodoItems(value: unknown): TodoItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (i): i is TodoItem =>
      !!i && typeof i === 'object' && typeof i.id === 'string' && typeof i.text === 'string' && (TODO_STATUSES as readonly string[]).includes(i.status),
  );
}
