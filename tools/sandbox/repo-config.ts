// Where a folder's repository is, and what its own config and hooks could make git run, read from
// the files with no process: git's section and key names are written out (no escapes), so a word's
// absence is proof.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The git directory of the repository `cwd` is in (a worktree's own), or undefined outside one. */
export function findGitDir(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    try {
      if (statSync(dotGit).isDirectory()) return dotGit;
      const named = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
      if (named) return resolve(dir, named);
    } catch {
      // no .git here: look further up
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** Config files of a repository (and of the main one, for a linked worktree). */
function repoConfigFiles(gitDir: string): string[] {
  const commonFile = join(gitDir, 'commondir');
  const common = existsSync(commonFile) ? resolve(gitDir, readFileSync(commonFile, 'utf8').trim()) : gitDir;
  return [...new Set([gitDir, common])].flatMap((dir) => [join(dir, 'config'), join(dir, 'config.worktree')]);
}

/** Whether any of the repository's config files holds a match of `words` (an include may bring any). */
export function configMentions(gitDir: string, words: RegExp): boolean {
  return repoConfigFiles(gitDir).some((file) => {
    try {
      return words.test(readFileSync(file, 'latin1'));
    } catch {
      return false;
    }
  });
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
