// tack's own slash commands, one entry each (name, arguments, description, what it does), in the
// order the `/` menu and /help show them; and the parsing of a typed command line.
import { parseSlash } from '../../../session/input/slash.js';
import type { Command, ParsedCommand } from './command.js';
import { compact, init, rewind, undo } from './conversation.js';
import { context } from './context.js';
import { agents, helpCommand, hooks, mcp, skills } from './info.js';
import { goal } from './goal.js';
import { jobs } from './jobs.js';
import { model, thinking } from './model.js';
import { plan } from './plan.js';
import { quit } from './quit.js';
import { copy, exportCommand, newCommand, resume, sessionInfo } from './session.js';
import { todo } from './todo.js';
import { vim } from './vim.js';

export type { Command, CommandInfo, ParsedCommand } from './command.js';

export const COMMANDS: readonly Command[] = [
  helpCommand(() => COMMANDS),
  model,
  newCommand,
  resume,
  compact,
  context,
  thinking,
  plan,
  sessionInfo,
  copy,
  exportCommand,
  init,
  rewind,
  undo,
  todo,
  goal,
  jobs,
  mcp,
  skills,
  agents,
  hooks,
  vim,
  quit,
];

/** `/name args` → its parts; undefined for text that is not a command (`/` alone, `//x`, paths like `/tmp/x`). */
export function parseCommand(text: string): ParsedCommand | undefined {
  const parsed = parseSlash(text);
  return parsed && /^[A-Za-z]/.test(parsed.name) ? { name: parsed.name.toLowerCase(), args: parsed.args } : undefined;
}

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}
