// The environment tool processes get: the parent's, minus anything that looks like a credential, by
// its name or by its value. A command the model runs has no business with API keys; a user who needs
// one passes it back in through `env.allow` in the settings.

/**
 * Names holding these words are taken out (case-insensitive): `OPENAI_API_KEY`, `GITHUB_TOKEN`,
 * `SSH_AUTH_SOCK`, `MYSQL_PWD`. `AUTHOR` is not `AUTH`: `GIT_AUTHOR_NAME` holds no secret, and commits
 * need it; `_PWD` only as an ending, since `PWD` and `OLDPWD` are folders.
 */
export const SECRET_NAME = /KEY|SECRET|TOKEN|PASSWORD|PASSWD|CREDENTIAL|AUTH(?!OR)|_PWD$/i;

/** Values that are credentials whatever the variable is called (`DATABASE_URL`, `CI_JOB_JWT`). */
const SECRET_VALUES: readonly [RegExp, string][] = [
  [/[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:[^/\s@]+@/i, 'a URL with a password'],
  [/\bsk-[A-Za-z0-9_-]{20,}/, 'an API key (sk-…)'],
  [/\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/, 'a GitHub token'],
  [/\bxox[abpors]-[A-Za-z0-9-]{10,}/, 'a Slack token'],
  [/\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/, 'an AWS access key'],
  [/\bglpat-[A-Za-z0-9_-]{20,}/, 'a GitLab token'],
  [/\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/, 'a JSON web token'],
];

export interface ToolEnvOptions {
  /** names (or `PREFIX_*` patterns) let back in although they look secret */
  allow?: readonly string[];
  /** names always taken out, even when allowed: the variable holding tack's own API key */
  hide?: readonly string[];
  /** values always taken out, whatever the variable's name: tack's own API key */
  hideValues?: readonly string[];
}

export interface DroppedVariable {
  name: string;
  /** "its name", "a URL with a password", … */
  why: string;
}

function allowed(name: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p));
}

/** Why a variable looks like a credential, or undefined. */
export function secretReason(name: string, value: string): string | undefined {
  if (SECRET_NAME.test(name)) return 'its name';
  return credentialShape(value);
}

/** What well-known credential a text holds ("an API key (sk-…)"), or undefined. */
export function credentialShape(value: string): string | undefined {
  return SECRET_VALUES.find(([shape]) => shape.test(value))?.[1];
}

/** The environment for commands, and what was taken out of it (tack's own key is not listed). */
export function filterToolEnv(parent: NodeJS.ProcessEnv, options: ToolEnvOptions = {}): { env: Record<string, string>; dropped: DroppedVariable[] } {
  const env: Record<string, string> = {};
  const dropped: DroppedVariable[] = [];
  const hide = new Set(options.hide ?? []);
  const hiddenValues = new Set((options.hideValues ?? []).filter((v) => v.length > 0));
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined || hide.has(name) || hiddenValues.has(value)) continue;
    const why = allowed(name, options.allow ?? []) ? undefined : secretReason(name, value);
    if (why) dropped.push({ name, why });
    else env[name] = value;
  }
  return { env, dropped };
}

export function toolEnv(parent: NodeJS.ProcessEnv, options: ToolEnvOptions = {}): Record<string, string> {
  return filterToolEnv(parent, options).env;
}

/** One sentence for the start-up notice: "commands run without DATABASE_URL (a URL with a password), …". */
export function describeDropped(dropped: readonly DroppedVariable[]): string | undefined {
  if (dropped.length === 0) return undefined;
  const names = dropped.map((d) => (d.why === 'its name' ? d.name : `${d.name} (${d.why})`)).join(', ');
  return `commands run without ${names}, which look like credentials; "env": {"allow": ["NAME"]} in the settings lets one back in`;
}
