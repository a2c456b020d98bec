// One line about the repository for the system prompt: branch, clean or dirty, last commit subject.
// One `git status` (the subject comes from the commit object when it is loose), none outside a
// repository; started early by `startGitSummary`, so it runs while the rest of start-up does.
import { execFile } from 'node:child_process';
import { ownGitEnv } from '../../../tools/sandbox/own-git.js';
import { findGitDir } from '../../../tools/sandbox/repo-config.js';
import { looseSubject } from './head-commit.js';

// a repository's own config (an fsmonitor, a filter) and hooks run nothing when tack reads it
function git(cwd: string, env: Record<string, string>, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, env, timeout: 2000, maxBuffer: 4 * 1024 * 1024 }, (err, stdout) => resolve(err ? undefined : stdout));
  });
}

async function readSummary(cwd: string): Promise<string> {
  // GIT_DIR from the environment names a repository no .git points to
  const gitDir = findGitDir(cwd);
  if (!gitDir && !process.env.GIT_DIR) return 'not a git repository';
  const env = ownGitEnv(cwd, gitDir, process.env as Record<string, string>);
  const status = await git(cwd, env, ['status', '--porcelain=v2', '--branch', '--untracked-files=normal']);
  if (status === undefined) return 'not a git repository';
  const lines = status.split('\n').filter(Boolean);
  const header = (name: string) => lines.find((l) => l.startsWith(`# branch.${name} `))?.slice(`# branch.${name} `.length);
  const oid = header('oid') ?? '(initial)';
  const head = header('head') ?? '';
  const branch = head === '(detached)' ? 'HEAD (no branch)' : head;
  const changed = lines.filter((l) => !l.startsWith('#')).length;
  const state = changed === 0 ? 'clean' : `dirty (${changed} changed path${changed === 1 ? '' : 's'})`;
  const subject = oid === '(initial)' ? undefined : ((gitDir && looseSubject(gitDir, oid)) ?? (await git(cwd, env, ['log', '-1', '--format=%s']))?.trim());
  const last = subject ? `; last commit: ${subject}` : '; no commits yet';
  return `branch ${branch}, ${state}${last}`;
}

const started = new Map<string, Promise<string>>();

/** Starts reading the summary now; the next `gitSummary` of the same folder takes this reading. */
export function startGitSummary(cwd: string): void {
  if (!started.has(cwd)) started.set(cwd, readSummary(cwd));
}

export function gitSummary(cwd: string): Promise<string> {
  const early = started.get(cwd);
  started.delete(cwd);
  return early ?? readSummary(cwd);
}
