// The `todo` tool: the model adds items and sets an item's status or text by id. There is no way to
// replace the whole list, so an item is never lost to a model that rewrote the list from memory.
import { Type, type Static } from 'typebox';
import type { AgentTool } from '../../agent/types.js';
import { applyTodoChange, formatTodoList, TODO_STATUSES, TODO_TOOL, type TodoChange, type TodoItem } from './list.js';

const status = Type.Enum([...TODO_STATUSES]);

const parameters = Type.Object({
  add: Type.Optional(Type.Array(Type.Object({ text: Type.String(), status: Type.Optional(status) }), { description: 'new items; each gets an id' })),
  update: Type.Optional(
    Type.Array(Type.Object({ id: Type.String(), status: Type.Optional(status), text: Type.Optional(Type.String()) }), {
      description: 'changes to items, by id: in_progress when you start one, done when finished, cancelled when no longer needed',
    }),
  ),
});

export interface TodoDetails {
  items: TodoItem[];
}

/** The list the tool works on: the Session's. */
export interface TodoHolder {
  items(): readonly TodoItem[];
  set(items: TodoItem[]): void;
}

export function createTodoTool(holder: TodoHolder): AgentTool<typeof parameters, TodoDetails> {
  return {
    name: TODO_TOOL,
    label: 'Todo',
    description:
      'Keep a todo list for multi-step work. Items change one by one, by id; every call returns the whole list (with neither add nor update, it only shows it).',
    parameters,
    // it changes no file: it looks, as far as the workspace is concerned
    readOnly: true,
    execute: async (_id, params: Static<typeof parameters>) => {
      const items = holder.items();
      const outcome = applyTodoChange(items, params as TodoChange);
      if (!outcome.ok)
        return { content: [{ type: 'text', text: `${outcome.error}.\n\n${formatTodoList(items)}` }], details: { items: [...items] }, isError: true };
      if (params.add?.length || params.update?.length) holder.set(outcome.items);
      return { content: [{ type: 'text', text: formatTodoList(outcome.items) }], details: { items: outcome.items } };
    },
  };
}
