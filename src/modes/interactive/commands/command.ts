// One slash command: its name and arguments as the `/` menu and /help show them, and what it does.
import type { CommandContext } from '../app/command-context.js';

export interface CommandInfo {
  name: string;
  args?: string;
  description: string;
  /** where a command from a file comes from (`.claude/commands`), shown in the menu */
  source?: string;
}

/** A command of tack's own: what the menu shows, and what it does with the text after its name. */
export interface Command extends CommandInfo {
  run(ctx: CommandContext, args: string): void | Promise<void>;
}

export interface ParsedCommand {
  name: string;
  args: string;
}
