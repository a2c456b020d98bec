// Where each command of a line runs. Every call of the bash tool starts in the workspace, but a
// `cd` (or `pushd`) earlier in the line moves what follows it, and `env -C DIR` moves its command:
// `cd ~ && cat .aws/credentials` reads the home folder's file, not the workspace's. The line is
// read as a flat list (a `cd` in a subshell or a branch may or may not have run), so a command may
// run in any folder a `cd` before it could have left: every one of them is judged. And what a path
// word reaches there once the shell has expanded it (wordReach). Pure.
import { resolve } from 'node:path';
import { expandHome } from '../../../tools/fs/paths.js';
import { secretNamedIn } from './secrets.js';
import { commandName, type JudgedCommand } from './shell-unwrap.js';
import { unknowable } from './word-shape.js';

export interface CommandPlace {
  /** the folders the command may run in, the workspace first */
  folders: string[];
  /** a `cd` before it went where the line does not say (`cd "$DIR"`, `cd -`, `popd`) */
  lost: boolean;
  /** the values a variable set earlier in the line (`D=~/.aws;`) may hold */
  values: ReadonlyMap<string, readonly string[]>;
}

const MOVES = new Set(['cd', 'pushd']);
const DECLARES = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;
/** Readings of a word beyond this many are not followed. */
const MAX_READINGS = 16;
/** Folders a command may run in beyond this many are not followed. */
const MAX_FOLDERS = 64;

/**
 * The word with each variable set earlier in the line replaced by each value it may hold, and the
 * word itself (the variable may be the environment's: set in a subshell, or not run); undefined
 * when there would be too many to judge.
 */
function readingsOf(word: string, values: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  let out = [word];
  for (const [name, held] of values) {
    const use = new RegExp(`\\$(?:${name}(?![A-Za-z0-9_])|\\{${name}\\})`, 'g');
    if (!use.test(word)) continue;
    out = out.flatMap((w) => [w, ...held.map((value) => w.replace(use, () => value))]);
    if (out.length > MAX_READINGS) return undefined;
  }
  return [...new Set(out)];
}

/** A folder as the shell would reach it, or undefined when the word holds what only the shell knows. */
function folderOf(word: string, from: string, home: string): string | undefined {
  const expanded = expandHome(word.replace(/^\$(?:HOME|\{HOME\})(?=\/|$)/, '~'), home);
  // `-` and `+N`/`-N` (pushd) name the folder stack's entries
  if (unknowable(expanded) || /[*?[]|^[<>]\(/.test(expanded) || /^(?:-|[+-]\d+)$/.test(expanded)) return undefined;
  return resolve(from, expanded);
}

/** The variables a command sets for the rest of the line: a bare `X=…`, or `export X=…`. */
function setsOf(cmd: JudgedCommand): string[] {
  if (cmd.words.length === 0) return cmd.assignments;
  return DECLARES.has(cmd.words[0]!) ? cmd.words.slice(1).filter((w) => ASSIGNMENT.test(w)) : [];
}

/** The places of `commands` (one line's, in order), starting in `cwd`. */
export function commandPlaces(commands: readonly JudgedCommand[], cwd: string, home: string): CommandPlace[] {
  let folders = [cwd];
  let lost = false;
  const values = new Map<string, string[]>();
  const places: CommandPlace[] = [];
  /** where `word` moves from each folder: undefined for a reading only the shell knows */
  const moves = (word: string, from: readonly string[]) => from.flatMap((f) => (readingsOf(word, values) ?? ['$']).map((w) => folderOf(w, f, home)));
  for (const cmd of commands) {
    let own = folders;
    let ownLost = lost;
    for (const dir of cmd.chdirs) {
      const moved = moves(dir, own);
      if (moved.some((f) => f === undefined)) ownLost = true;
      own = [...new Set(moved.filter((f): f is string => f !== undefined))];
    }
    places.push({ folders: own.length > 0 ? own : folders, lost: ownLost, values: new Map(values) });
    for (const set of setsOf(cmd)) {
      const [, name, value] = ASSIGNMENT.exec(set)!;
      // a value the line does not spell out is not followed; the variable keeps the others
      if (!/[$`]/.test(value!)) values.set(name!, [...new Set([...(values.get(name!) ?? []), value!])]);
    }
    const name = commandName(cmd.words[0]);
    if (name === 'popd') lost = true;
    if (!MOVES.has(name)) continue;
    const target = cmd.words.slice(1).find((w, i, rest) => !w.startsWith('-') || /^-\d*$/.test(w) || rest[i - 1] === '--');
    const moved = target === undefined ? own.map(() => home) : moves(target, own);
    if (moved.some((f) => f === undefined)) lost = true;
    // the command may not have run (`cd x || true`, a subshell): where it was stays possible
    folders = [...new Set([...folders, ...moved.filter((f): f is string => f !== undefined)])];
    // each cd may double them (`cd a; cd b; …`): past a bound the rest of the line is not followed
    if (folders.length > MAX_FOLDERS) {
      folders = folders.slice(0, MAX_FOLDERS);
      lost = true;
    }
  }
  return places;
}

/** What a path word of a read-only command may read, in the folders its command may run in. */
export interface WordReach {
  /** the files it names, absolute */
  paths: string[];
  /** the folders a pattern in it (`*`, `?`, `[…]`, `{a..z}`) searches */
  searched: string[];
  /** the patterns themselves, absolute (braces with commas expanded) */
  patterns: string[];
  /** a secret it names though where it leads is unknown: `$(echo ~)/.aws/credentials`, `$D/.env` */
  namedSecret?: string;
  /** a part only the shell knows (`$(…)`, `$f`, `~user`) may make it any path: `~/.aw$(echo s)/credentials` */
  anywhere?: boolean;
  /** the line sets its variables too many ways to follow */
  unfollowed?: boolean;
}

const PATTERN = /[*?[{]/;
/** Brace expansion beyond this many words, or of a word this long, is judged as a pattern. */
const MAX_ALTERNATIVES = 64;
const MAX_BRACED_LENGTH = 2048;

/**
 * What `word` may read. The shell expands braces, then `~` and `$HOME` unquoted, then patterns; the
 * lexer no longer knows what was quoted (`cat "~/x"` reads `./~/x`), so both readings are judged.
 * A value only the shell knows (`$f`, `$(…)`) is not followed: it may be any path, even one its
 * fixed part seems to rule out (`src/$(echo ../..)/x` climbs out), so the word reaches anywhere. A
 * `<(…)` is a pipe from a command judged on its own.
 */
export function wordReach(word: string, place: CommandPlace, home: string): WordReach {
  const reach: WordReach = { paths: [], searched: [], patterns: [] };
  const readings = readingsOf(word, place.values);
  if (readings === undefined) reach.unfollowed = true;
  for (const reading of readings ?? [word]) addReach(reach, reading, place, home);
  return { ...reach, paths: [...new Set(reach.paths)], searched: [...new Set(reach.searched)], patterns: [...new Set(reach.patterns)] };
}

function addReach(reach: WordReach, word: string, place: CommandPlace, home: string): void {
  const alternatives = braceAlternatives(word);
  for (const alternative of alternatives ?? [word]) {
    const expanded = expandHome(alternative.replace(/^\$(?:HOME|\{HOME\})(?=\/|$)/, '~'), home);
    if (/^[<>]\(/.test(expanded)) continue;
    if (unknowable(expanded)) {
      reach.namedSecret ??= secretNamedIn(expanded);
      reach.anywhere = true;
      continue;
    }
    const readings = expanded === alternative ? [expanded] : [expanded, alternative];
    for (const folder of place.folders) {
      reach.paths.push(...readings.map((r) => resolve(folder, r)));
      if (alternatives !== undefined && !PATTERN.test(expanded)) continue;
      reach.searched.push(resolve(folder, patternBase(expanded)));
      reach.patterns.push(resolve(folder, expanded));
    }
  }
}

/** The words `{a,b}` expands to (nested, in order), or undefined when they would be too many. */
export function braceAlternatives(word: string): string[] | undefined {
  // each brace is matched by a scan to its end: a long word of them would take quadratic time
  if (word.length > MAX_BRACED_LENGTH && word.includes('{')) return undefined;
  for (let start = word.indexOf('{'); start >= 0; start = word.indexOf('{', start + 1)) {
    let depth = 0;
    let end = -1;
    const commas: number[] = [];
    for (let i = start; i < word.length && end < 0; i++) {
      if (word[i] === '{') depth++;
      else if (word[i] === '}' && --depth === 0) end = i;
      else if (word[i] === ',' && depth === 1) commas.push(i);
    }
    if (end < 0) return [word];
    if (commas.length === 0) continue;
    const cuts = [start, ...commas, end];
    const out: string[] = [];
    for (let k = 0; k + 1 < cuts.length; k++) {
      const more = braceAlternatives(word.slice(0, start) + word.slice(cuts[k]! + 1, cuts[k + 1]) + word.slice(end + 1));
      if (more === undefined || out.push(...more) > MAX_ALTERNATIVES) return undefined;
    }
    return out;
  }
  return [word];
}

/** The folder a pattern searches: its path up to the first part with a pattern character. */
function patternBase(path: string): string {
  const parts = path.split('/');
  const first = parts.findIndex((part) => PATTERN.test(part));
  const base = parts.slice(0, first < 0 ? parts.length : first).join('/');
  return base === '' ? (path.startsWith('/') ? '/' : '.') : base;
}

/** The folder a git command runs in: the workspace, moved by each `-C DIR` before the subcommand. */
export function gitFolder(words: readonly string[], cwd: string): string {
  let dir = cwd;
  for (let i = 1; i < words.length && words[i]!.startsWith('-'); i++) if (words[i] === '-C' && words[i + 1] !== undefined) dir = resolve(dir, words[++i]!);
  return dir;
}
