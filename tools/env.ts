// The environment tool processes get: the parent's, minus anything that looks like a credential.
// A command the model runs has no business with API keys; a user who needs one passes it back in
// through `env.allow` in the settings.

/**
 * Names holding these words are taken out (case-insensitive): `OPENAI_API_KEY`, `GITHUB_TOKEN`,
 * `SSH_AUTH_SOCK`. `AUTHOR` is not `AUTH`: `GIT_AUTHOR_NAME` holds no secret, and commits need it.
 */
export const SECRET_NAME = /KEY|SECRET|TOKEN|PASSWORD|PASSWD|CREDENTIAL|AUTH(?!OR)/i;

export interface ToolEnvOptions {
  /** names (or `PREFIX_*` patterns) let back in although they look secret */
  allow?: readonly string[];
  /** names always taken out, even when allowed: the variable holding tack's own API key */
  hide?: readonly string[];
  /** values always taken out, whatever the variable's name: tack's own API key */
  hideValues?: readonly string[];
}

function allowed(name: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p));
}

export function toolEnv(parent: NodeJS.ProcessEnv, options: ToolEnvOptions = {}): Record<string, string> {
  const env: Record<string, string> = {};
  const hide = new Set(options.hide ?? []);
  const hiddenValues = new Set((options.hideValues ?? []).filter((v) => v.length > 0));
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined || hide.has(name) || hiddenValues.has(value)) continue;
    if (SECRET_NAME.test(name) && !allowed(name, options.allow ?? [])) continue;
    env[name] = value;
  }
  return env;
}
