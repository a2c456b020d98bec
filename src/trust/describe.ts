// What a project's settings file would do, in plain words, for the trust question. Pure.
import type { ConfigFile } from '../config/schema.js';
import type { HookEvent, HooksConfig } from '../config/hooks-schema.js';
import { PRESETS } from '../ai/presets.js';
import { namedVars } from '../config/mcp-servers.js';
import { keyVariable } from '../config/mcp-vars.js';
import { SECRET_NAME } from '../../tools/sandbox/env.js';

/** The text, cut to `max` characters at most with an ellipsis. */
const short = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One line per hook command: they run outside the sandbox, so each is a risk to read. */
export function describeHooks(hooks: HooksConfig | undefined): string[] {
  return Object.entries(hooks ?? {}).flatMap(([event, entries]) =>
    (entries ?? []).flatMap((e) =>
      e.hooks.map(
        (h) => `runs "${short(h.command, 100)}" on ${event as HookEvent}${e.matcher && e.matcher !== '*' ? ` (${e.matcher})` : ''}, outside the sandbox`,
      ),
    ),
  );
}

function serverOf(c: ConfigFile): string | undefined {
  if (c.baseUrl) return c.baseUrl;
  const provider = c.provider ? (c.providers?.[c.provider]?.baseUrl ?? PRESETS[c.provider]?.baseUrl) : undefined;
  return provider;
}

/** Keys with words of their own above; any other key is listed by name. */
const DESCRIBED = new Set([
  '$schema',
  'apiKeyEnv',
  'baseUrl',
  'providers',
  'approval',
  'permissions',
  'sandbox',
  'env',
  'provider',
  'model',
  'sandboxNetwork',
  'tools',
  'mcpServers',
  'mcp',
  'hooks',
]);

export interface SettingsEffects {
  /** one line per effect, riskiest first; empty for a file that changes nothing */
  lines: string[];
  /** how many of them loosen a protection or send something somewhere */
  risky: number;
}

export function describeSettings(c: ConfigFile): SettingsEffects {
  const risky: string[] = [];
  const other: string[] = [];
  const server = serverOf(c);
  if (c.apiKeyEnv) {
    risky.push(`sends your ${c.apiKeyEnv} to ${server ?? "the provider's server"} (tack refuses a server your own settings do not name)`);
  }
  if (c.baseUrl) risky.push(`sends the conversation, and the code tack reads, to the model server at ${c.baseUrl}`);
  for (const [name, p] of Object.entries(c.providers ?? {})) {
    const key = p.apiKeyEnv ? ` with your ${p.apiKeyEnv}` : '';
    if (p.baseUrl) risky.push(`defines the provider "${name}" at ${p.baseUrl}${key}`);
    else if (p.apiKeyEnv) risky.push(`gives the provider "${name}" your ${p.apiKeyEnv}`);
  }
  if (c.approval === 'yolo') risky.push('runs every command and edit without asking (approval: yolo)');
  if (c.approval === 'auto-edit') risky.push('edits files without asking (approval: auto-edit)');
  const allow = c.permissions?.allow ?? [];
  if (allow.length > 0) risky.push(`lets these run without asking: ${allow.join(', ')}`);
  const sandbox = typeof c.sandbox === 'object' ? c.sandbox.mode : c.sandbox;
  if (sandbox === 'off') risky.push('runs commands outside the sandbox (sandbox: off)');
  const exposed = typeof c.sandbox === 'object' ? (c.sandbox.exposeSecretFiles ?? []) : [];
  if (exposed.length > 0) risky.push(`lets commands read secret files: ${exposed.join(', ')}`);
  const envAllow = c.env?.allow ?? [];
  if (envAllow.length > 0) risky.push(`passes variables that look secret to commands: ${envAllow.join(', ')}`);
  risky.push(...describeMcpServers(c.mcpServers), ...describeHooks(c.hooks as HooksConfig | undefined));
  if (c.mcp?.trustReadOnlyHints) risky.push('runs MCP tools their server marks read-only without asking (mcp.trustReadOnlyHints)');
  if (c.provider) other.push(`uses the provider "${c.provider}"`);
  if (c.model) other.push(`uses the model "${c.model}"`);
  if (c.approval === 'ask') other.push('asks before edits and commands (approval: ask)');
  const ask = c.permissions?.ask ?? [];
  const deny = c.permissions?.deny ?? [];
  if (ask.length > 0) other.push(`asks before: ${ask.join(', ')}`);
  if (deny.length > 0) other.push(`refuses: ${deny.join(', ')}`);
  if (sandbox === 'on') other.push('requires the sandbox (sandbox: on)');
  if (c.sandboxNetwork === false) other.push('turns the network off for commands');
  if (c.tools) other.push(`limits the tools to: ${c.tools.join(', ')}`);
  const rest = Object.keys(c).filter((k) => !DESCRIBED.has(k));
  if (rest.length > 0) other.push(`sets ${rest.join(', ')}`);
  return { lines: [...risky, ...other], risky: risky.length };
}

/** What tack will do with `${name}` in a project's MCP entry, as far as the name tells (mcp-vars.ts). */
function varNote(name: string): string {
  const key = keyVariable(name);
  if (key) return ` (refused: ${key.replace(/^is /, '')})`;
  return SECRET_NAME.test(name) ? ' (named like a credential: refused unless your own env.allow lets it in)' : '';
}

const refs = (text: string) => namedVars(text).map((v) => `\${${v}}${varNote(v)}`);

/** `Authorization from ${TOKEN} (…)`, or the bare name for a literal value. */
function withVars(o: unknown): string[] {
  const entries = typeof o === 'object' && o !== null ? Object.entries(o) : [];
  return entries.map(([name, value]) => {
    const used = refs(String(value));
    return used.length > 0 ? `${name} from ${used.join(' and ')}` : name;
  });
}

/** Variables named in the command line or URL that would be refused (the shortened text may hide them). */
function refusedIn(texts: string[]): string {
  const refused = [...new Set(texts.flatMap(namedVars))].filter((v) => varNote(v) !== '');
  return refused.length > 0 ? `, using ${refused.map((v) => `\${${v}}${varNote(v)}`).join(', ')}` : '';
}

/** What an `mcpServers` object (of `.tack/config.json` or `.mcp.json`) would start or connect to. */
export function describeMcpServers(servers: Record<string, unknown> | undefined): string[] {
  return Object.entries(servers ?? {}).map(([name, raw]) => {
    const e = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const off = e.disabled === true ? ' (disabled)' : '';
    if (typeof e.url === 'string') {
      const headers = withVars(e.headers);
      const withHeaders = headers.length > 0 ? ` with the header${headers.length > 1 ? 's' : ''} ${headers.join(', ')}` : '';
      return `connects to the MCP server "${name}" at ${short(e.url)}${withHeaders}${refusedIn([e.url])}${off}`;
    }
    const args = Array.isArray(e.args) ? e.args.map(String) : [];
    const envs = withVars(e.env);
    const withEnv = envs.length > 0 ? ` with ${envs.join(', ')} set` : '';
    const line = [String(e.command ?? '?'), ...args];
    return `runs the MCP server "${name}": ${short(line.join(' '))}${withEnv}${refusedIn(line)}, outside the sandbox${off}`;
  });
}
