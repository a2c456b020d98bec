// The git branch for the footer, read from the repository's HEAD file rather than by running git
// (the footer is drawn many times a second), and re-read at most every few seconds: the agent's
// commands may switch branches.
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

const REREAD_MS = 3000;
const MAX_NAME = 40;

/** The HEAD file of the repository holding `cwd` (a worktree's `.git` file points to it), if any. */
export function headFile(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    try {
      const st = statSync(dotGit);
      if (st.isDirectory()) return join(dotGit, 'HEAD');
      const m = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8'));
      if (m) return join(isAbsolute(m[1]!.trim()) ? m[1]!.trim() : join(dir, m[1]!.trim()), 'HEAD');
      return undefined;
    } catch {
      if (dirname(dir) === dir) return undefined;
    }
  }
}

/** `main`, or a detached HEAD's short commit; only printable characters, cut to a sane length. */
export function branchName(head: string): string | undefined {
  const text = head.trim();
  const ref = /^ref: refs\/heads\/(.+)$/.exec(text);
  const name = ref ? ref[1]! : /^[0-9a-f]{40,64}$/.test(text) ? text.slice(0, 8) : undefined;
  if (!name || !/^[\x21-\x7e]+$/.test(name)) return undefined;
  return name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name;
}

export class GitBranch {
  private file: string | undefined;
  private name: string | undefined;
  private readAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly cwd: string) {}

  current(now = Date.now()): string | undefined {
    if (now - this.readAt < REREAD_MS) return this.name;
    this.readAt = now;
    try {
      this.file ??= headFile(this.cwd);
      this.name = this.file ? branchName(readFileSync(this.file, 'utf8')) : undefined;
    } catch {
      this.name = undefined;
    }
    return this.name;
  }
}
