// One Session's todo list: the items, the tool that changes them, what each change tells the Session
// (an entry in the session file, a `todo` event) and the reminder in the model's requests.
import type { AgentMessage, AnyAgentTool } from '../../agent/types.js';
import type { TodoItem, TodosEntry } from './list.js';
import { Reminders } from './reminder.js';
import { createTodoTool } from './tool.js';

export class Todos {
  private list: readonly TodoItem[];
  private write: (entry: TodosEntry) => void = () => {};
  private emit: (event: { type: 'todo'; items: readonly TodoItem[] }) => void = () => {};
  private readonly reminders = new Reminders();
  readonly tool: AnyAgentTool;

  constructor(items: readonly TodoItem[] = []) {
    this.list = items;
    this.tool = createTodoTool({
      items: () => this.list,
      set: (next) => this.change(next, true),
    });
  }

  get items(): readonly TodoItem[] {
    return this.list;
  }

  /** The Session's file and listeners: each change is an entry in the one, a `todo` event for the others. */
  attach(to: { write: (entry: TodosEntry) => void; emit: (event: { type: 'todo'; items: readonly TodoItem[] }) => void }): this {
    this.write = to.write;
    this.emit = to.emit;
    return this;
  }

  /** A new conversation starts with an empty list (no entry: its file does not exist yet). */
  reset(): void {
    if (this.list.length) this.change([], false);
  }

  /** The transcript of one model call, with the reminder when the list went stale (transformContext). */
  async withReminder(messages: AgentMessage[]): Promise<AgentMessage[]> {
    return this.reminders.apply(messages, this.list);
  }

  private change(items: readonly TodoItem[], persist: boolean): void {
    this.list = items;
    if (persist) this.write({ type: 'todos', items: [...items] });
    this.emit({ type: 'todo', items });
  }
}
