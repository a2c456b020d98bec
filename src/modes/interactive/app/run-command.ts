// Runs a typed command: a shell line (`!ls`), one of tack's own (commands/), or an MCP server's prompt.
// A command that fails says why in the transcript; the app goes on.
import type { CommandContext } from '../commands/command-context.js';
import { findCommand, type ParsedCommand } from '../commands/index.js';
import { isPromptCommand, mcpPrompt } from '../commands/mcp-view.js';
import { runShellLine } from './shell-line.js';

export async function runCommand(ctx: CommandContext, cmd: ParsedCommand): Promise<void> {
  try {
    await dispatch(ctx, cmd);
  } catch (err) {
    ctx.transcript.error(err instanceof Error ? err.message : String(err));
  }
}

async function dispatch(ctx: CommandContext, cmd: ParsedCommand): Promise<void> {
  if (cmd.name === '!') return runShellLine(ctx, cmd.args);
  const command = findCommand(cmd.name);
  if (command) return command.run(ctx, cmd.args);
  if (isPromptCommand(cmd.name)) return mcpPrompt(ctx.session(), ctx.transcript, cmd, ctx.send);
  ctx.transcript.error(`unknown command /${cmd.name}; type /help for the commands`);
}
