// Whether a git command only looks. git reads its own options first (`-C DIR`, `--no-pager`), then
// the subcommand, which reads its own (`git remote -v add` is `remote add`, which writes). `-C DIR`
// reads a repository elsewhere, all of it (`git -C ~ show HEAD:.aws/credentials`), so its folder is
// judged as a folder read whole; files an option names are found from there. Pure.
import { isAbsolute, join } from 'node:path';
import { type ReadOnlyVerdict, specVerdict } from './command-spec.js';
import { GIT_GLOBAL, GIT_SUBCOMMANDS, REMOTE, REMOTE_GET_URL, STASH_LIST, STASH_SHOW } from './commands-git.js';
import { parseOptions } from './option-parse.js';
import { unknowable } from './word-shape.js';

const NO: ReadOnlyVerdict = { readOnly: false, paths: [] };
const LOOKS: ReadOnlyVerdict = { readOnly: true, paths: [] };

/** `path` as git finds it from `dir` (the shell has made `~` the home folder). */
const from = (dir: string | undefined, path: string) => (dir === undefined || isAbsolute(path) || path.startsWith('~') ? path : join(dir, path));

/** The operands that end a parse that stops at its first operand, with their `literal` flags. */
const tail = (args: string[], literal: boolean[], operands: string[]) => ({ args: operands, literal: literal.slice(args.length - operands.length) });

/** The verdict on a subcommand and the words after it; `literal` as parseOptions takes it. */
function subcommandVerdict(sub: string, args: string[], literal: boolean[]): ReadOnlyVerdict {
  if (Object.hasOwn(GIT_SUBCOMMANDS, sub)) return specVerdict(GIT_SUBCOMMANDS[sub]!, args, literal);
  const [first, ...rest] = args;
  switch (sub) {
    case 'remote': {
      // `git remote [-v]` lists; of its own subcommands only `get-url` only looks
      const p = parseOptions(args, { options: REMOTE, permute: false }, literal);
      if (p.unknown !== undefined || p.shapeless.length > 0) return NO;
      if (p.operands.length === 0) return LOOKS;
      const after = tail(args, literal, p.operands);
      return p.operands[0] === 'get-url' ? specVerdict(REMOTE_GET_URL, after.args.slice(1), after.literal.slice(1)) : NO;
    }
    case 'stash':
      if (first === 'list') return specVerdict(STASH_LIST, rest, literal.slice(1));
      return first === 'show' ? specVerdict(STASH_SHOW, rest, literal.slice(1)) : NO;
    case 'reflog':
      if (first === 'expire' || first === 'delete' || (first !== undefined && !literal[0] && unknowable(first))) return NO;
      if (first === 'exists') return rest.length <= 1 ? LOOKS : NO;
      return first === 'show' ? specVerdict(STASH_LIST, rest, literal.slice(1)) : specVerdict(STASH_LIST, args, literal);
    default:
      return NO;
  }
}

/** `words` from `git` on; `literal` as parseOptions takes it, for each of them. */
export function gitVerdict(words: string[], literal: boolean[]): ReadOnlyVerdict {
  const global = parseOptions(words.slice(1), { options: GIT_GLOBAL, permute: false }, literal.slice(1));
  if (global.unknown !== undefined || global.shapeless.length > 0 || global.given.some((g) => g.option.kind !== 'safe' && g.option.kind !== 'reads')) return NO;
  // each `-C` goes on from the one before
  const folder = global.given.filter((g) => g.option.name === 'C').reduce<string | undefined>((dir, g) => from(dir, g.values[0]!), undefined);
  const after = tail(words.slice(1), literal.slice(1), global.operands);
  const [sub, ...args] = after.args;
  const verdict = sub === undefined ? LOOKS : subcommandVerdict(sub, args, after.literal.slice(1));
  if (!verdict.readOnly || folder === undefined) return verdict;
  return { readOnly: true, paths: [folder, ...verdict.paths.map((path) => from(folder, path))], recursive: true };
}
