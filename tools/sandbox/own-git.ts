// The environment for tack's own git in the user's repository (the system prompt's git line, the
// app's `@` list), which runs before any trust question: nothing the repository's own config or
// folder names may run. On top of the agent's guards: no index write (so no post-index-change hook),
// no hooks, no signature check, and every filter the repository's config defines (its own or in a
// file it includes) switched off, since `git status` hands a changed file to its clean filter. The
// user's own filters (global config, git-lfs's say) are left as they are. tack never diffs here.
import { spawnSync } from 'node:child_process';
import { withGitGuards } from './git-guards.js';
import { configMentions } from './repo-config.js';

const OWN_GUARDS = [
  ['core.hooksPath', '/dev/null'],
  ['log.showSignature', 'false'],
] as const;

/** A filter is defined only under its own name; an include may bring one. */
const mayDefineFilters = (gitDir: string) => configMentions(gitDir, /filter|include/i);

/** The `<name>` of each `filter.<name>.*` the repository's own config (local or worktree scope) sets. */
function repoFilters(cwd: string, env: Record<string, string>): string[] {
  const args = ['config', '--show-scope', '-z', '--name-only', '--get-regexp', '^filter\\.'];
  const run = spawnSync('git', args, { cwd, env, timeout: 2000, maxBuffer: 1024 * 1024, encoding: 'utf8' });
  const fields = String(run.stdout ?? '').split('\0');
  const filters = new Set<string>();
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [scope, key] = [fields[i]!, fields[i + 1]!];
    if (scope !== 'local' && scope !== 'worktree') continue;
    const first = key.indexOf('.');
    const last = key.lastIndexOf('.');
    if (last > first) filters.add(key.slice(first + 1, last));
  }
  return [...filters];
}

/**
 * Settings that switch off every filter the repository's own config defines, for git in `cwd`, in
 * the repository `gitDir` (undefined outside one, or when only GIT_DIR names it). Asks git (one
 * short process) only when a config may define one.
 */
export function repoFiltersOff(cwd: string, gitDir: string | undefined, env: Record<string, string>): [string, string][] {
  // outside a repository (and no GIT_DIR) there is no config of its own to ask about
  const ask = env.GIT_DIR !== undefined || (gitDir !== undefined && mayDefineFilters(gitDir));
  return (ask ? repoFilters(cwd, withGitGuards(env)) : []).flatMap((name): [string, string][] => [
    [`filter.${name}.clean`, ''],
    [`filter.${name}.smudge`, ''],
    [`filter.${name}.process`, ''],
    [`filter.${name}.required`, 'false'],
  ]);
}

/** `env` for tack's own git in `cwd`, in the repository `gitDir` (see repoFiltersOff). */
export function ownGitEnv(cwd: string, gitDir: string | undefined, env: Record<string, string>): Record<string, string> {
  return { ...withGitGuards(env, [...OWN_GUARDS, ...repoFiltersOff(cwd, gitDir, env)]), GIT_OPTIONAL_LOCKS: '0' };
}
