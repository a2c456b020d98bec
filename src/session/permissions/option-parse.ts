// Options read as the programs read them (getopt_long, git's parse-options): a long option may be
// any unambiguous prefix of its name (`--o=x` is `--output=x`), given its value after `=` or as the
// next word; short options run together (`-nro FILE`, `-oFILE`); `--` ends them; and, unless the
// program stops at its first operand, options may follow operands. Each program's options are a
// table of the ones it is known to have; a word that names none of them is unknown, and the judge
// then asks. Pure.
import { globbedAtStart, unknowable } from './word-shape.js';

/**
 * What an option does: `safe` only changes what is shown; `reads` reads the file its value names;
 * `lists` reads files named inside the file its value names; `writes` writes a file; `runs` runs a
 * program; `leaves` reads or acts beyond what the judge follows (`git --git-dir`, `--no-index`).
 */
export type Kind = 'safe' | 'reads' | 'lists' | 'writes' | 'runs' | 'leaves';
/** How many values a name takes: none, one (`=` or the next word), two (`jq --arg NAME VALUE`), or one only in the same word. */
type Arity = 0 | 1 | 2 | 'attached';

export interface Option {
  /** its first name, as the table writes it */
  name: string;
  kind: Kind;
}

interface Named {
  option: Option;
  arity: Arity;
}

export interface OptionTable {
  short: ReadonlyMap<string, Named>;
  long: ReadonlyMap<string, Named>;
  /** any long option may be given as `--no-NAME`, which only turns it off (git) */
  negatable: boolean;
  /** what its options may do, together */
  kinds: ReadonlySet<Kind>;
}

const KINDS = new Set<string>(['safe', 'reads', 'lists', 'writes', 'runs', 'leaves']);
const ARITY: Record<string, Arity> = { '': 0, '=': 1, '==': 2, '[=]': 'attached' };

/**
 * A table from entries such as `'o output= writes'`: names (one letter is short), each ending in
 * `=` for a value, `==` for two, `[=]` for an optional one in the same word; a last word naming the
 * kind (`safe` when left out). A short name without a mark takes the value its long name requires,
 * as the programs' help writes them (`-k, --key=KEYDEF`).
 */
export function optionTable(entries: readonly string[], o: { negatable?: boolean } = {}): OptionTable {
  const short = new Map<string, Named>();
  const long = new Map<string, Named>();
  for (const entry of entries) {
    const words = entry.split(' ');
    const kind = (KINDS.has(words.at(-1)!) ? words.pop() : 'safe') as Kind;
    const names = words.map((w) => {
      const [, name, mark] = /^(.+?)(==|=|\[=\])?$/.exec(w)!;
      return { name: name!, arity: ARITY[mark ?? '']! };
    });
    const required = names.find((n) => n.name.length > 1 && (n.arity === 1 || n.arity === 2))?.arity ?? 0;
    const option: Option = { name: names[0]!.name, kind };
    for (const n of names) {
      const arity = n.name.length === 1 && n.arity === 0 ? required : n.arity;
      (n.name.length === 1 ? short : long).set(n.name, { option, arity });
    }
  }
  const kinds = new Set([...short.values(), ...long.values()].map((n) => n.option.kind));
  return { short, long, negatable: o.negatable ?? false, kinds };
}

export interface Grammar {
  options: OptionTable;
  /** options may follow operands (GNU getopt); false: the first operand ends them */
  permute?: boolean;
  /** words that are an option of their own whatever their letters (`head -5`, `git log -3`) */
  numeric?: RegExp;
}

export interface Given {
  option: Option;
  values: string[];
}

export interface Parsed {
  operands: string[];
  given: Given[];
  /** the first word that is no option the table knows, or gives one a value it takes none of */
  unknown?: string;
  /** words the shell may still turn into options: a part only it knows, or a pattern at the start */
  shapeless: string[];
}

const NEGATION: Named = { option: { name: 'no-…', kind: 'safe' }, arity: 0 };

/** The options a long name may be: the one it names exactly, or every one it is a prefix of. */
function candidates(name: string, table: OptionTable): Named[] {
  const exact = table.long.get(name);
  if (exact) return [exact];
  const found = new Set<Named>();
  for (const [long, named] of table.long) if (long.startsWith(name)) found.add(named);
  const negated = table.negatable && name.startsWith('no-') ? name.slice(3) : '';
  if (negated && [...table.long.keys()].some((long) => long.startsWith(negated))) found.add(NEGATION);
  return [...new Map([...found].map((n) => [n.option, n])).values()];
}

/**
 * The option a long name gives: undefined when it names none, or several that differ in what they
 * do (the program may refuse an ambiguous prefix, but then it changes nothing).
 */
function resolveLong(name: string, table: OptionTable): Named | undefined {
  const found = candidates(name, table);
  if (found.length <= 1) return found[0];
  const [first] = found;
  return found.every((n) => n.option.kind === 'safe' && n.arity === first!.arity) ? first : undefined;
}

/** `literal`: for each word, whether the shell passes it as it stands (quoted, or nothing in it to expand). */
export function parseOptions(words: readonly string[], g: Grammar, literal: readonly boolean[] = []): Parsed {
  const out: Parsed = { operands: [], given: [], shapeless: [] };
  const shapeless = (k: number) => !literal[k] && (unknowable(words[k]!) || globbedAtStart(words[k]!));
  let reading = true;
  let i = 0;
  /** the next word, as an option's value */
  const take = (): string | undefined => {
    if (i < words.length && shapeless(i)) out.shapeless.push(words[i]!);
    return words[i++];
  };
  const give = (named: Named, first: string | undefined): void => {
    const values = first === undefined ? [] : [first];
    if (named.arity === 1 && first === undefined) values.push(take() ?? '');
    if (named.arity === 2) while (values.length < 2) values.push(take() ?? '');
    out.given.push({ option: named.option, values });
  };
  while (i < words.length) {
    const w = words[i++]!;
    if (!reading) {
      out.operands.push(w);
    } else if (shapeless(i - 1)) {
      // it may be options or operands: both are judged
      out.shapeless.push(w);
      out.operands.push(w);
    } else if (w === '--') {
      reading = false;
    } else if (g.numeric?.test(w)) {
      out.given.push({ option: { name: w, kind: 'safe' }, values: [] });
    } else if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      const named = resolveLong(w.slice(2, eq < 0 ? undefined : eq), g.options);
      if (!named || (eq >= 0 && named.arity === 0)) return { ...out, unknown: w };
      give(named, eq < 0 ? undefined : w.slice(eq + 1));
    } else if (w.startsWith('-') && w !== '-') {
      for (let j = 1; j < w.length; j++) {
        const named = g.options.short.get(w[j]!);
        if (!named) return { ...out, unknown: w };
        if (named.arity === 0) {
          out.given.push({ option: named.option, values: [] });
          continue;
        }
        const rest = w.slice(j + 1);
        give(named, rest === '' && named.arity !== 'attached' ? undefined : rest);
        break;
      }
    } else {
      out.operands.push(w);
      if (g.permute === false) reading = false;
    }
  }
  return out;
}

/** Whether an option of one of these names was given. */
export const gave = (p: Parsed, ...names: string[]): boolean => p.given.some((g) => names.includes(g.option.name));

/** The values of the options that read the file they name (of two values, the second names it). */
export const readValues = (p: Parsed): string[] => p.given.filter((g) => g.option.kind === 'reads').map((g) => g.values.at(-1)!);
