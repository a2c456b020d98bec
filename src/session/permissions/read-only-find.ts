// Whether a find command only looks. find's expression is words of its own: each primary (GNU
// findutils 4.9) is known with the number of words it takes; one that writes, deletes or runs a
// program, or one not known, makes it a question. find takes no prefix of a primary (`-fprin` is
// an error), and no word here is read as one. Pure.
import type { ReadOnlyVerdict } from './command-spec.js';
import { unknowable } from './word-shape.js';

const NO: ReadOnlyVerdict = { readOnly: false, paths: [] };

/** Primaries that only look, with the words each takes. */
// biome-ignore format: the table reads as the manual lists the primaries
const LOOKS: Record<string, number> = {
  '-daystart': 0, '-follow': 0, '-nowarn': 0, '-warn': 0, '-regextype': 1, '-d': 0, '-depth': 0, '-help': 0, '--help': 0,
  '-ignore_readdir_race': 0, '-noignore_readdir_race': 0, '-maxdepth': 1, '-mindepth': 1, '-mount': 0, '-noleaf': 0, '-version': 0,
  '--version': 0, '-xdev': 0, '-amin': 1, '-anewer': 1, '-atime': 1, '-cmin': 1, '-cnewer': 1, '-context': 1, '-ctime': 1, '-empty': 0,
  '-executable': 0, '-false': 0, '-fstype': 1, '-gid': 1, '-group': 1, '-ilname': 1, '-iname': 1, '-inum': 1, '-ipath': 1, '-iregex': 1,
  '-iwholename': 1, '-links': 1, '-lname': 1, '-mmin': 1, '-mtime': 1, '-name': 1, '-newer': 1, '-nogroup': 0, '-nouser': 0, '-path': 1,
  '-perm': 1, '-readable': 0, '-regex': 1, '-samefile': 1, '-size': 1, '-true': 0, '-type': 1, '-uid': 1, '-used': 1, '-user': 1,
  '-wholename': 1, '-writable': 0, '-xtype': 1, '-ls': 0, '-print': 0, '-print0': 0, '-printf': 1, '-prune': 0, '-quit': 0,
  '(': 0, ')': 0, '!': 0, '-not': 0, '-a': 0, '-and': 0, '-o': 0, '-or': 0, ',': 0,
};
/** `-newerXY REF`: X and Y each one of a, B, c, m, t. */
const NEWER = /^-newer[aBcmt][aBcmt]$/;
/** Its own options before the starting points: `-H`, `-L`, `-P`, `-D LIST`, `-O3`. */
const LEADING = /^-(?:[HLP]|O\d*)$/;

/** `words` from `find` on; `literal` as parseOptions takes it, for each of them. */
export function findVerdict(words: readonly string[], literal: readonly boolean[]): ReadOnlyVerdict {
  const filled = (k: number) => k < words.length && !literal[k] && unknowable(words[k]!);
  let i = 1;
  for (; i < words.length; i++) {
    if (words[i] === '-D') i++;
    else if (!LEADING.test(words[i]!)) break;
  }
  const start = i;
  while (i < words.length && !/^[-(!]/.test(words[i]!)) i++;
  const paths = words.slice(start, i);
  for (; i < words.length; i++) {
    const w = words[i]!;
    // a word the shell fills in may be any primary (`-delete`), or several
    if (filled(i)) return NO;
    const takes = NEWER.test(w) ? 1 : Object.hasOwn(LOOKS, w) ? LOOKS[w]! : undefined;
    if (takes === undefined) return NO;
    for (let k = 0; k < takes; k++) if (filled(++i)) return NO;
  }
  return { readOnly: true, paths: paths.length > 0 ? paths : ['.'] };
}
