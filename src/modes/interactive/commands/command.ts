// One slash command: its name and arguments as the `/` menu and /help show them, and what it does.
import type { CommandInfo } from '../complete/completion.js';
import type { CommandContext } from './command-context.js';

export type { CommandInfo };

/** A command of tack's own: what the menu shows, and what it does with the text after its name. */
export interface Command extends CommandInfo {
  run(ctx: CommandContext, args: string): void | Promise<void>;
}

export interface ParsedCommand {
  name: string;
  args: string;
}
