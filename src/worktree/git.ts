// Git as tack runs it for worktrees: no hooks (a repository's post-checkout must not run because
// tack made a worktree), no fsmonitor, no filter the repository's own config defines (a status
// cleans, before any trust question; a trusted repository's checkout has its filters), no pager,
// and errors as one line. An untrusted repository's checkout reads none of its config (checkout.ts).
import { spawnSync } from 'node:child_process';
import { repoFiltersOff } from '../../tools/sandbox/own-git.js';
import { findGitDir } from '../../tools/sandbox/repo-config.js';

const SAFE = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', '--no-pager'];

export interface GitResult {
  ok: boolean;
  out: string;
  err: string;
}

/** Git's own variables (set when tack runs from a git hook) would point these commands at another repository. */
const REPOSITORY_VARIABLES = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR', 'GIT_OBJECT_DIRECTORY', 'GIT_PREFIX'];

export function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
  for (const name of REPOSITORY_VARIABLES) delete env[name];
  // no optional locks: reading the user's status must not rewrite their index
  env.GIT_OPTIONAL_LOCKS = '0';
  return env;
}

/** `repoFilters`: the repository is trusted, so its own filters run (a checkout smudges as git would). */
export function runGit(args: readonly string[], cwd: string, o: { repoFilters?: boolean } = {}): GitResult {
  const env = gitEnv();
  const off = o.repoFilters ? [] : repoFiltersOff(cwd, findGitDir(cwd), env as Record<string, string>);
  const filtersOff = off.flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  const run = spawnSync('git', [...SAFE, ...filtersOff, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env,
  });
  if (run.error) return { ok: false, out: '', err: run.error.message };
  return { ok: run.status === 0, out: run.stdout, err: run.stderr.trim() };
}

/** The output of a git command that must work, trimmed; its own error otherwise. */
export function gitOut(args: readonly string[], cwd: string): string {
  const r = runGit(args, cwd);
  if (!r.ok) throw new Error(`git ${args[0]} failed: ${r.err.split('\n')[0] || 'no reason given'}`);
  return r.out.trim();
}
