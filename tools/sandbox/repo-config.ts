// Where a folder's repository is, and what its own config and hooks could make git run, read from
// the files with no process: git's section and key names are written out (no escapes), so a word's
// absence is proof.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The most of a repository's small files (`.git`, `commondir`, a config) read here. */
const SMALL = 1024 * 1024;

/** The git directory of the repository `cwd` is in (a worktree's own), or undefined outside one. */
export function findGitDir(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    try {
      const st = statSync(dotGit);
      if (st.isDirectory()) return dotGit;
      // a worktree's `.git` file names its folder; a pipe or a huge file there is read by nobody
      const named = st.isFile() && st.size < SMALL ? /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim() : undefined;
      if (named) return resolve(dir, named);
    } catch {
      // no .git here: look further up
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** A small regular file's text; undefined when missing; `null` when it is anything else (a pipe, a huge file). */
function smallFile(path: string): string | undefined | null {
  try {
    const st = statSync(path);
    return st.isFile() && st.size < SMALL ? readFileSync(path, 'latin1') : null;
  } catch {
    return undefined;
  }
}

/** Config files of a repository (and of the main one, for a linked worktree); undefined when one cannot be told. */
function repoConfigFiles(gitDir: string): string[] | undefined {
  const named = smallFile(join(gitDir, 'commondir'));
  if (named === null) return undefined;
  const common = named === undefined ? gitDir : resolve(gitDir, named.trim());
  return [...new Set([gitDir, common])].flatMap((dir) => [join(dir, 'config'), join(dir, 'config.worktree')]);
}

/**
 * Whether any of the repository's config files holds a match of `words` (an include may bring any).
 * A config that cannot be read here (a pipe, a huge file) may hold anything: true.
 */
export function configMentions(gitDir: string, words: RegExp): boolean {
  const files = repoConfigFiles(gitDir);
  return (
    files === undefined ||
    files.some((file) => {
      const text = smallFile(file);
      return text === null || (text !== undefined && words.test(text));
    })
  );
}

/**
 * Keys by which a read-only git command (status, diff, log, show, blame, grep) runs a program: filters
 * (a changed file's content), diff drivers (`textconv`, `command`), `diff.external`, signature checks
 * (`log.showSignature`, `gpg.program`), hooks elsewhere (`core.hooksPath`), and includes.
 */
const PROGRAM_KEYS = /filter|textconv|command|external|signature|gpg|hookspath|include/i;

/** Whether read-only git in this repository could run a program of the repository's choosing. */
export function gitMayRunPrograms(gitDir: string): boolean {
  // `git status` writes the index when it can, and a written index runs this hook
  return configMentions(gitDir, PROGRAM_KEYS) || existsSync(join(gitDir, 'hooks', 'post-index-change'));
}
