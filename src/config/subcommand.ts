// How tack's subcommands (trust, rewind, mcp) read their words with commander: an error is one
// "tack: …" line, and help or a bad word ends the command with its exit code instead of exiting.
import { type Command, CommanderError } from 'commander';

/** Errors as `tack: <message>`; the command throws instead of exiting (see `parseWords`). */
export function tackStyle(c: Command): Command {
  return c
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`tack: ${text.replace(/^error: /, '')}`) });
}

/** Parses `args`; the exit code when parsing ended the command (help: 0, a bad word: 2), else undefined. */
export function parseWords(program: Command, args: string[]): number | undefined {
  try {
    program.parse(args, { from: 'user' });
    return undefined;
  } catch (err) {
    if (err instanceof CommanderError) return err.code === 'commander.helpDisplayed' || err.code === 'commander.help' ? 0 : 2;
    throw err;
  }
}
