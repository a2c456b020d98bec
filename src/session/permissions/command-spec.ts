// What the judge knows of a read-only command: its options (a table, see option-parse.ts), what its
// operands are, and the verdict on one call of it: read-only or not, and the words naming the files
// it reads. An option it does not know, or one that writes, runs a program or reads a list of
// files, makes it a question. Pure.
import { type Grammar, type Kind, optionTable, type Parsed, parseOptions, readValues } from './option-parse.js';
import { globbedAtStart, unknowable } from './word-shape.js';

export interface ReadOnlyVerdict {
  readOnly: boolean;
  /** the words that name files the command reads, for the secret-file and workspace checks */
  paths: string[];
  /** it reads the contents of every file under the folders it names (`grep -r`, `rg`, `diff -r`) */
  recursive?: boolean;
}

export interface CommandSpec extends Grammar {
  /** what its operands are: files it reads, nothing it opens, or a pattern then files */
  operands: 'files' | 'none' | 'pattern-then-files';
  /** with one of these options given, the pattern is not an operand (`grep -e`, `jq -f`): every operand is a file */
  patternOptions?: string[];
  /** at most this many operands (`uniq in out` writes out; `hostname NAME` renames the host) */
  maxOperands?: number;
  /** it takes no options: every word is an operand (`echo`, `test`) */
  noOptions?: true;
  /** whether it reads the contents of every file under the folders it is given */
  recursive?: (p: Parsed) => boolean;
  /** a further rule on what it was given (date's operand is a `+FORMAT`); false makes it a question */
  allows?: (p: Parsed) => boolean;
}

/** Options that make a command one that may change things, or read what the judge cannot see. */
const NOT_LOOKING = new Set<Kind>(['lists', 'writes', 'runs', 'leaves']);
const HELP = ['help', 'version'];

/** A command whose operands are files it reads. */
export const files = (entries: readonly string[], extra: Partial<CommandSpec> = {}): CommandSpec => ({
  operands: 'files',
  options: optionTable([...entries, ...HELP]),
  ...extra,
});

/** A command whose operands name no file it opens. */
export const plain = (entries: readonly string[], extra: Partial<CommandSpec> = {}): CommandSpec => ({
  operands: 'none',
  options: optionTable([...entries, ...HELP]),
  ...extra,
});

/** A command that takes no options: its words are what it prints, tests or exits with. */
export const bare = (extra: Partial<CommandSpec> = {}): CommandSpec => ({ operands: 'none', options: optionTable([]), noOptions: true, ...extra });

const NO: ReadOnlyVerdict = { readOnly: false, paths: [] };

/** The verdict on `args` (the words after the command's name); `literal` as parseOptions takes it. */
export function specVerdict(spec: CommandSpec, args: readonly string[], literal: readonly boolean[] = []): ReadOnlyVerdict {
  const p: Parsed = spec.noOptions ? { operands: [...args], given: [], shapeless: [] } : parseOptions(args, spec, literal);
  if (p.unknown !== undefined || p.given.some((g) => NOT_LOOKING.has(g.option.kind))) return NO;
  if (spec.maxOperands !== undefined && p.operands.length > spec.maxOperands) return NO;
  if (spec.allows && !spec.allows(p)) return NO;
  const kinds = spec.options.kinds;
  // a word the shell fills in may be any option; a name a pattern matches, one without a `/` in its value
  if (p.shapeless.some(unknowable) && [...kinds].some((k) => NOT_LOOKING.has(k))) return NO;
  if (p.shapeless.some(globbedAtStart) && (kinds.has('writes') || kinds.has('runs'))) return NO;
  const patternGiven = spec.patternOptions?.some((name) => p.given.some((g) => g.option.name === name)) ?? false;
  const operands = spec.operands === 'none' ? [] : spec.operands === 'files' || patternGiven ? p.operands : p.operands.slice(1);
  // it may also split into more words: files, or the value of an option that reads one
  const filled = spec.operands !== 'none' || kinds.has('reads') ? args.filter((w, i) => !literal[i] && unknowable(w)) : [];
  const recursive = spec.recursive?.(p) ?? false;
  return { readOnly: true, paths: [...new Set([...operands, ...readValues(p), ...filled])], ...(recursive ? { recursive } : {}) };
}
