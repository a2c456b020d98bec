// The environment for tack's own git in the user's repository (the system prompt's git line, the
// app's `@` list), which runs before any trust question: nothing the repository's own config or
// folder names may run. On top of the agent's guards: no index write (so no post-index-change hook),
// no hooks, no signature check, and every filter the repository's config defines (its own or in a
// file it includes) switched off, since `git status` hands a changed file to its clean filter. The
// user's own filters (global config, git-lfs's say) are left as they are. tack never diffs here.
import { execFile } from 'node:child_process';
import { withGitGuards } from './git-guards.js';
import { configMentions } from './repo-config.js';

const OWN_GUARDS = [
  ['core.hooksPath', '/dev/null'],
  ['log.showSignature', 'false'],
] as const;

/** A filter is defined only under its own name; an include may bring one. */
const mayDefineFilters = (gitDir: string) => configMentions(gitDir, /filter|include/i);

/** The `<name>` of each `filter.<name>.*` the repository's own config (local or worktree scope) sets. */
function repoFilters(cwd: string, env: Record<string, string>): Promise<string[]> {
  const args = ['config', '--show-scope', '-z', '--name-only', '--get-regexp', '^filter\\.'];
  return new Promise((done) => {
    execFile('git', args, { cwd, env, timeout: 2000, maxBuffer: 1024 * 1024 }, (_err, stdout) => {
      const fields = String(stdout ?? '').split('\0');
      const filters = new Set<string>();
      for (let i = 0; i + 1 < fields.length; i += 2) {
        const [scope, key] = [fields[i]!, fields[i + 1]!];
        if (scope !== 'local' && scope !== 'worktree') continue;
        const first = key.indexOf('.');
        const last = key.lastIndexOf('.');
        if (last > first) filters.add(key.slice(first + 1, last));
      }
      done([...filters]);
    });
  });
}

/**
 * `env` for tack's own git in `cwd`, in the repository `gitDir` (found by the caller; undefined
 * outside one, or when only GIT_DIR names it). Asks git for the filters only when a config may define some.
 */
export async function ownGitEnv(cwd: string, gitDir: string | undefined, env: Record<string, string>): Promise<Record<string, string>> {
  const guarded = withGitGuards(env);
  // outside a repository (and no GIT_DIR) there is no config of its own to ask about
  const ask = env.GIT_DIR !== undefined || (gitDir !== undefined && mayDefineFilters(gitDir));
  const filters = ask ? await repoFilters(cwd, guarded) : [];
  const off: (readonly [string, string])[] = [
    ...OWN_GUARDS,
    ...filters.flatMap((name): [string, string][] => [
      [`filter.${name}.clean`, ''],
      [`filter.${name}.smudge`, ''],
      [`filter.${name}.process`, ''],
      [`filter.${name}.required`, 'false'],
    ]),
  ];
  return { ...withGitGuards(env, off), GIT_OPTIONAL_LOCKS: '0' };
}
