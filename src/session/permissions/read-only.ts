// Which commands only look: they run without a question in the `ask` and `auto-edit` modes. This is
// an allow-list of (command, subcommand, options), each option read as the program reads it
// (option-parse.ts): a command is read-only only when every word of it is known harmless. Anything
// not listed, an option it does not know, one that writes, runs another program or reads a list of
// files, and an environment variable set for the command (`GIT_CONFIG_*`, `LD_PRELOAD`, `PAGER`…)
// make it a command that may change things, which asks.
import type { JudgedCommand } from './shell-unwrap.js';
import { commandName, judgeCommandLine } from './shell-unwrap.js';
import { controlCharacter } from '../../text/terminal-text.js';
import { braceAlternatives } from './command-places.js';
import { type CommandSpec, type ReadOnlyVerdict, specVerdict } from './command-spec.js';
import { FILE_COMMANDS } from './commands-files.js';
import { PLAIN_COMMANDS } from './commands-plain.js';
import { SEARCH_COMMANDS } from './commands-search.js';
import { findVerdict } from './read-only-find.js';
import { gitVerdict } from './read-only-git.js';

export type { ReadOnlyVerdict };

/** Every read-only command but git and find, with what it is known to take. */
const COMMANDS: Record<string, CommandSpec> = { ...FILE_COMMANDS, ...PLAIN_COMMANDS, ...SEARCH_COMMANDS };

/** Variables that only change how output looks, with values that name no file. */
const HARMLESS_ASSIGNMENT = /^(?:LC_[A-Z]+|LANG|LANGUAGE|NO_COLOR|FORCE_COLOR|CLICOLOR|COLUMNS|LINES|TERM)=[A-Za-z0-9_.@:-]*$/;

const WRITE_REDIRECTS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);

/** The command's words as bash passes them: braces it expands (`{-o,x}`) made the words they make, each with whether bash passes it as it stands. */
function expanded(cmd: JudgedCommand): { words: string[]; literal: boolean[] } {
  const out = { words: [] as string[], literal: [] as boolean[] };
  cmd.words.forEach((w, i) => {
    const literal = cmd.literal[i] ?? false;
    // too many to list: one word that may be anything, as a pattern at its start would be
    const made = literal ? [w] : (braceAlternatives(w) ?? [`*${w}`]);
    out.words.push(...made);
    out.literal.push(...made.map(() => literal));
  });
  return out;
}

function commandVerdict(name: string, cmd: JudgedCommand): ReadOnlyVerdict {
  const { words, literal } = expanded(cmd);
  if (name === 'git') return gitVerdict(words, literal);
  if (name === 'find') return findVerdict(words, literal);
  if (!Object.hasOwn(COMMANDS, name)) return { readOnly: false, paths: [] };
  const verdict = specVerdict(COMMANDS[name]!, words.slice(1), literal.slice(1));
  // with no folder named, grep -r and rg read `.`
  return verdict.recursive && verdict.paths.length === 0 && name !== 'diff' ? { ...verdict, paths: ['.'] } : verdict;
}

/** An assignment such as `GIT_CONFIG_COUNT=1` or `LD_PRELOAD=…` may change what the command runs. */
export function setsRiskyVariables(cmd: JudgedCommand): boolean {
  return !cmd.assignments.every((a) => HARMLESS_ASSIGNMENT.test(a));
}

export function classify(cmd: JudgedCommand): ReadOnlyVerdict {
  const inputs = cmd.redirects.filter((r) => r.op === '<').map((r) => r.target);
  const writes = cmd.redirects.some((r) => (WRITE_REDIRECTS.has(r.op) || (r.op === '>&' && !/^(?:\d+|-)$/.test(r.target))) && r.target !== '/dev/null');
  // `xargs` runs a command on words nobody has seen; an assignment can change what any command runs
  const unknowable = cmd.wrappers.includes('xargs') || setsRiskyVariables(cmd);
  if (writes || cmd.elevated || unknowable) return { readOnly: false, paths: inputs };
  if (cmd.words.length === 0) return { readOnly: true, paths: inputs };
  const verdict = commandVerdict(commandName(cmd.words[0]), cmd);
  return verdict.readOnly ? { ...verdict, paths: [...verdict.paths, ...inputs] } : { readOnly: false, paths: inputs };
}

/**
 * Whether a whole command line only looks: every command in it read-only, nothing the parser could
 * not follow, no control character. Such lines of one message may run side by side.
 */
export function lineIsReadOnly(line: string): boolean {
  if (controlCharacter(line) !== undefined) return false;
  const judged = judgeCommandLine(line);
  return !judged.problem && judged.commands.length > 0 && judged.commands.every((cmd) => classify(cmd).readOnly);
}
