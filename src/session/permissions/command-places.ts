// Where each command of a line runs. Every call of the bash tool starts in the workspace, but a
// `cd` (or `pushd`) earlier in the line moves what follows it, and `env -C DIR` moves its command:
// `cd ~ && cat .aws/credentials` reads the home folder's file, not the workspace's. The line is
// read as a flat list (a `cd` in a subshell or a branch may or may not have run), so a command may
// run in any folder a `cd` before it could have left: every one of them is judged. Pure.
import { resolve } from 'node:path';
import { expandHome } from '../../../tools/fs/paths.js';
import { commandName, type JudgedCommand } from './shell-unwrap.js';

export interface CommandPlace {
  /** the folders the command may run in, the workspace first */
  folders: string[];
  /** a `cd` before it went where the line does not say (`cd "$DIR"`, `cd -`, `popd`) */
  lost: boolean;
}

const MOVES = new Set(['cd', 'pushd']);

/** A folder as the shell would reach it, or undefined when the word holds what only the shell knows. */
function folderOf(word: string, from: string, home: string): string | undefined {
  const expanded = expandHome(word.replace(/^\$(?:HOME|\{HOME\})(?=\/|$)/, '~'), home);
  // `-` and `+N`/`-N` (pushd) name the folder stack's entries
  if (/[$`*?[]|^[<>]\(/.test(expanded) || /^(?:-|[+-]\d+)$/.test(expanded)) return undefined;
  return resolve(from, expanded);
}

/** The places of `commands` (one line's, in order), starting in `cwd`. */
export function commandPlaces(commands: readonly JudgedCommand[], cwd: string, home: string): CommandPlace[] {
  let folders = [cwd];
  let lost = false;
  const places: CommandPlace[] = [];
  for (const cmd of commands) {
    let own = folders;
    let ownLost = lost;
    for (const dir of cmd.chdirs) {
      const moved = own.map((from) => folderOf(dir, from, home));
      if (moved.some((f) => f === undefined)) ownLost = true;
      own = [...new Set(moved.filter((f): f is string => f !== undefined))];
    }
    places.push({ folders: own.length > 0 ? own : folders, lost: ownLost });
    const name = commandName(cmd.words[0]);
    if (name === 'popd') lost = true;
    if (!MOVES.has(name)) continue;
    const target = cmd.words.slice(1).find((w, i, rest) => !w.startsWith('-') || /^-\d*$/.test(w) || rest[i - 1] === '--');
    const moved = own.map((from) => (target === undefined ? home : folderOf(target, from, home)));
    if (moved.some((f) => f === undefined)) lost = true;
    // the command may not have run (`cd x || true`, a subshell): where it was stays possible
    folders = [...new Set([...folders, ...moved.filter((f): f is string => f !== undefined)])];
  }
  return places;
}

/**
 * The files a path word of a command may name. The shell expands `~` and `$HOME` unquoted, and the
 * lexer no longer knows what was quoted (`cat "~/x"` reads `./~/x`), so both readings are judged.
 */
function shellWordPaths(word: string, home: string, folder: string): string[] {
  const expanded = expandHome(word.replace(/^\$(?:HOME|\{HOME\})(?=\/|$)/, '~'), home);
  // a value we cannot know (`$f`, `<(…)`); the command only reads, so it may run
  if (/[$`]|^[<>]\(/.test(expanded)) return [];
  return expanded === word ? [resolve(folder, word)] : [resolve(folder, expanded), resolve(folder, word)];
}

/** The files a path word may name in any of the folders its command may run in. */
export function placedPaths(word: string, place: CommandPlace, home: string): string[] {
  return [...new Set(place.folders.flatMap((folder) => shellWordPaths(word, home, folder)))];
}

/** The folder a git command runs in: the workspace, moved by each `-C DIR` before the subcommand. */
export function gitFolder(words: readonly string[], cwd: string): string {
  let dir = cwd;
  for (let i = 1; i < words.length && words[i]!.startsWith('-'); i++) if (words[i] === '-C' && words[i + 1] !== undefined) dir = resolve(dir, words[++i]!);
  return dir;
}
