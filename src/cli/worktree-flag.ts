// `tack -w [name] [--from ref]`: the run happens in a worktree of the repository, and when it ends
// the worktree is removed if nothing was done there, or kept with two lines on where and what next.
import { resolve } from 'node:path';
import { UsageError } from '../config/errors.js';
import { tackHome } from '../config/paths.js';
import { expandHome } from '../../tools/fs/paths.js';
import { builtinSecretTest } from '../../tools/fs/secret-files.js';
import { stripControls } from '../text/terminal-text.js';
import { wrapWithPrefix } from '../modes/interactive/text/text.js';
import { carryTrust, findRepository, leaveWorktree, openWorktree, type OpenedWorktree, WorktreeError, worktreeLocation } from '../worktree/index.js';

export interface WorktreeFlags {
  /** true for `-w` without a name */
  worktree?: string | boolean;
  from?: string;
  cwd?: string;
}

/** Opens the worktree, points `flags.cwd` into it, runs (given the worktree's name), and settles the worktree's fate afterwards. */
export async function runInWorktree(flags: WorktreeFlags, run: (name: string) => Promise<number>): Promise<number> {
  const home = tackHome();
  const source = resolve(expandHome(flags.cwd ?? process.cwd()));
  let opened: OpenedWorktree;
  try {
    opened = openWorktree({
      cwd: source,
      home,
      name: typeof flags.worktree === 'string' ? flags.worktree : undefined,
      from: flags.from,
      location: worktreeLocation(home),
      isSecret: builtinSecretTest,
    });
  } catch (err) {
    if (err instanceof WorktreeError) throw new UsageError(`-w: ${err.message}`);
    throw err;
  }
  const repoDir = findRepository(opened.path).root;
  if (opened.created && carryTrust(findRepository(source).top, opened.workDir, home)) {
    say("this repository's settings files are trusted, and the worktree's are the same: trusted there too");
  }
  for (const note of opened.notes) say(note);
  if (opened.created) say(`working in worktree ${opened.marker.name} (branch ${opened.marker.branch}) at ${opened.path}`);
  flags.cwd = opened.workDir;
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    for (const line of leaveWorktree(opened, repoDir, home)) say(line);
  };
  // a run that ends through process.exit (a signal in the app) still settles: git runs synchronously here
  process.once('exit', settle);
  try {
    return await run(opened.marker.name);
  } finally {
    settle();
  }
}

/** A line for the user, wrapped between words to the terminal's width (a path longer than a line is broken). */
function say(line: string): void {
  const text = stripControls(line);
  const { stderr } = process;
  const lines = stderr.isTTY && stderr.columns > 0 ? wrapWithPrefix(text, stderr.columns, 'tack: ', '      ') : [`tack: ${text}`];
  stderr.write(`${lines.join('\n')}\n`);
}
