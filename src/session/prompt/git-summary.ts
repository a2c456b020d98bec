// One line about the repository for the system prompt: branch, clean or dirty, last commit subject.
import { execFile } from 'node:child_process';

function git(cwd: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, timeout: 2000, maxBuffer: 4 * 1024 * 1024 }, (err, stdout) => resolve(err ? undefined : stdout));
  });
}

export async function gitSummary(cwd: string): Promise<string> {
  const [status, subject] = await Promise.all([
    git(cwd, ['status', '--porcelain=v1', '--branch', '--untracked-files=normal']),
    git(cwd, ['log', '-1', '--format=%s']),
  ]);
  if (status === undefined) return 'not a git repository';
  const lines = status.split('\n').filter(Boolean);
  const head = lines[0]?.replace(/^## /, '') ?? '';
  const branch = head.startsWith('No commits yet on ') ? head.slice('No commits yet on '.length) : head.split('...')[0];
  const changed = lines.length - 1;
  const state = changed === 0 ? 'clean' : `dirty (${changed} changed path${changed === 1 ? '' : 's'})`;
  const last = subject?.trim() ? `; last commit: ${subject.trim()}` : '; no commits yet';
  return `branch ${branch}, ${state}${last}`;
}
