// The command that brings the user back to a conversation, typed in the shell they started from:
// sessions are kept per folder, so it names the folder (-C) and the worktree (-w) the run had.
const PLAIN = /^[A-Za-z0-9_./:@%+=,-]+$/;

/** One shell word: as it is when nothing in it is special to a shell, else in single quotes. */
export function shellWord(text: string): string {
  return PLAIN.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

export interface StartedWith {
  /** -C as the user gave it (tack expands `~` itself) */
  cwd?: string;
  /** the worktree's name, given or made up */
  worktree?: string;
}

/** `tack`, `tack -w fix`, `tack -C ../app`: what `-c` or `-r ID` is added to. */
export function resumePrefix(o: StartedWith): string {
  return ['tack', ...(o.cwd !== undefined ? ['-C', shellWord(o.cwd)] : []), ...(o.worktree !== undefined ? ['-w', shellWord(o.worktree)] : [])].join(' ');
}
