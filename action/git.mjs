// The action's git work in the workflow's checkout: start from the branch tack used before (or the
// pull request's head, or the checkout's HEAD), then commit what changed and push it. git runs
// without the repository's hooks, so a checked-out project cannot run code through them.
import { spawnSync } from 'node:child_process';

const NO_HOOKS = ['-c', 'core.hooksPath=/dev/null'];

/** Runs git; throws one sentence (git's own words) when it fails. */
export function git(cwd, args, extra = []) {
  const run = spawnSync('git', [...NO_HOOKS, ...extra, ...args], { cwd, encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
  if (run.status !== 0) throw new Error(`git ${args[0]} failed: ${(run.stderr || run.error?.message || '').trim().split('\n').at(-1)}`);
  return run.stdout;
}

const succeeds = (cwd, args, extra) => {
  try {
    git(cwd, args, extra);
    return true;
  } catch {
    return false;
  }
};

/**
 * The token as actions/checkout passes it: an extra header for the server's URL, the header list
 * emptied first (a checkout that kept its credentials set one already). Only for an https remote.
 */
export function pushAuth(cwd, remote, token, serverUrl) {
  const url = git(cwd, ['remote', 'get-url', remote]).trim();
  if (!token || !/^https:\/\//.test(url)) return [];
  const key = `http.${serverUrl.replace(/\/+$/, '')}/.extraheader`;
  const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
  return ['-c', `${key}=`, '-c', `${key}=AUTHORIZATION: basic ${basic}`];
}

/** Checks out `branch`: its last push when there is one, else `pullHead` (a pull request's number), else HEAD. */
export function startBranch(cwd, o) {
  if (succeeds(cwd, ['fetch', '--quiet', o.remote, `refs/heads/${o.branch}`], o.auth)) {
    git(cwd, ['checkout', '--quiet', '-B', o.branch, 'FETCH_HEAD']);
    return 'continued';
  }
  if (o.pullHead !== undefined) {
    git(cwd, ['fetch', '--quiet', o.remote, `refs/pull/${o.pullHead}/head`], o.auth);
    git(cwd, ['checkout', '--quiet', '-B', o.branch, 'FETCH_HEAD']);
    return 'pull-request';
  }
  git(cwd, ['checkout', '--quiet', '-B', o.branch]);
  return 'new';
}

const STATUS = { A: 'added', M: 'modified', D: 'deleted', T: 'modified', R: 'renamed', C: 'copied' };

/** Stages everything (ignored files stay out), commits and pushes; returns the files, none when nothing changed. */
export function commitAndPush(cwd, o) {
  git(cwd, ['add', '--all']);
  const fields = git(cwd, ['diff', '--cached', '--name-status', '--no-renames', '-z']).split('\0').filter(Boolean);
  const files = [];
  for (let i = 0; i + 1 < fields.length; i += 2) files.push({ path: fields[i + 1], status: STATUS[fields[i][0]] ?? 'changed' });
  if (files.length === 0) return files;
  const identity = ['-c', `user.name=${o.name}`, '-c', `user.email=${o.email}`];
  git(cwd, ['commit', '--quiet', '--no-verify', '-m', o.message], identity);
  git(cwd, ['push', '--quiet', o.remote, `HEAD:refs/heads/${o.branch}`], o.auth);
  return files;
}
