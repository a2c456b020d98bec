// Git settings every command the agent runs gets, through git's GIT_CONFIG_COUNT environment (which
// beats any repository's config): a repository the model made itself (`sub/.git/config` with
// `core.fsmonitor`, or a bare layout of HEAD, config and objects/) cannot run a program through git,
// even with the sandbox off, and even for commands judged read-only (`cd sub && git status`).
const GUARDS: readonly (readonly [string, string])[] = [
  ['core.fsmonitor', 'false'],
  ['safe.bareRepository', 'explicit'],
];

/** `env` with the guards (and `more`) appended after any GIT_CONFIG_* entries it already has. */
export function withGitGuards(env: Record<string, string>, more: readonly (readonly [string, string])[] = []): Record<string, string> {
  const start = Number.parseInt(env.GIT_CONFIG_COUNT ?? '0', 10) || 0;
  const all = [...GUARDS, ...more];
  const out: Record<string, string> = { ...env, GIT_CONFIG_COUNT: String(start + all.length) };
  all.forEach(([key, value], i) => {
    out[`GIT_CONFIG_KEY_${start + i}`] = key;
    out[`GIT_CONFIG_VALUE_${start + i}`] = value;
  });
  return out;
}
