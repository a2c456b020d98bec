// One Session's todo list: the items, the tool that changes them, what each change tells the Session
// (an entry in the session file, a `todo` event) and the reminder in the model's requests.
import type { AgentMessage, AnyAgentTool } from '../../agent/types.js';
import type { TodoItem } from './list.js';
import { Reminders } from './reminder.js';
import { createTodoTool } from './tool.js';

/** `persist`: false for a list emptied by a new conversation, which has no file yet. */
export type TodoListener = (items: readonly TodoItem[], persist: boolean) => void;

export class Todos {
  private list: readonly TodoItem[];
  private listener: TodoListener = () => {};
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

  /** The Session's one listener: it writes the entry and emits the event. */
  onChange(listener: TodoListener): void {
    this.listener = listener;
  }

  /** A new conversation starts with an empty list. */
  reset(): void {
    if (this.list.length) this.change([], false);
  }

  /** The transcript of one model call, with the reminder when the list went stale (transformContext). */
  async withReminder(messages: AgentMessage[]): Promise<AgentMessage[]> {
    return this.reminders.apply(messages, this.list);
  }

  private change(items: readonly TodoItem[], persist: boolean): void {
    this.list = items;
    this.listener(items, persist);
  }
}
