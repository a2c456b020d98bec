// The repository a worktree is made from, read with git: its root, its shared git folder, its HEAD.
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { gitOut, runGit } from './git.js';

export interface Repository {
  /** the main work tree's root (the one that holds the `.git` folder) */
  root: string;
  /** the work tree `cwd` is in: the main one or a linked one */
  top: string;
  /** the shared git folder (`.git`) */
  commonDir: string;
  /** `cwd` relative to `top` (`''` at the root) */
  subdir: string;
}

export class WorktreeError extends Error {}

/** The repository around `cwd`, or a one-sentence reason why `-w` cannot work there. */
export function findRepository(cwd: string): Repository {
  const inside = runGit(['rev-parse', '--is-inside-work-tree', '--is-bare-repository'], cwd);
  if (!inside.ok) throw new WorktreeError(`${cwd} is not in a git repository; a worktree is made from one (run tack -w inside it, or git init first)`);
  const [work, bare] = inside.out.trim().split('\n');
  if (bare === 'true' || work !== 'true') throw new WorktreeError(`${cwd} is a bare repository (no work tree); run tack -w in a checkout of it`);
  const top = realpathSync(gitOut(['rev-parse', '--show-toplevel'], cwd));
  const common = gitOut(['rev-parse', '--git-common-dir'], cwd);
  const commonDir = realpathSync(isAbsolute(common) ? common : resolve(cwd, common));
  const subdir = gitOut(['rev-parse', '--show-prefix'], cwd).replace(/\/$/, '');
  // the main work tree is the first `git worktree list` names
  const first = /^worktree (.+)$/m.exec(gitOut(['worktree', 'list', '--porcelain'], cwd))?.[1];
  return { root: first ? realpathSync(first) : dirname(commonDir), top, commonDir, subdir };
}

/** The commit a ref names, or a sentence saying it names none. */
export function resolveCommit(ref: string, cwd: string): string {
  const r = runGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], cwd);
  if (!r.ok) {
    if (ref === 'HEAD') throw new WorktreeError('this repository has no commit yet; make a first commit, then run tack -w');
    throw new WorktreeError(`--from ${ref}: no such commit, branch or tag in this repository`);
  }
  return r.out.trim();
}

export function branchExists(branch: string, cwd: string): boolean {
  return runGit(['show-ref', '--verify', '--quiet', `refs/heads/${branch}`], cwd).ok;
}
