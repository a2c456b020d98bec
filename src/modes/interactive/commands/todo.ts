// /todo: the model's todo list, every item.
import { todoListLines } from '../view/todo-view.js';
import type { Command } from './command.js';

export const todo: Command = {
  name: 'todo',
  description: "the model's todo list (Ctrl+T shows it above the input)",
  run(ctx) {
    const items = ctx.session().view().todos;
    if (items.length === 0) ctx.transcript.notice('no todo list yet: the model keeps one for multi-step work');
    else ctx.transcript.push(todoListLines(items, ctx.transcript.width));
  },
};
