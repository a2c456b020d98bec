// Which MCP servers a run has, from every source that applies, lowest precedence first:
// $TACK_HOME/config.json, the project's .mcp.json and .tack/config.json (trusted folders only),
// the local scope's file for this project (mcp-scopes.ts), then each --mcp-config file. A later entry of the same name replaces an earlier one whole.
// `${VAR}` in the user's own files expands from the whole environment; in a project's, only from
// what commands get (mcp-vars.ts).
import { statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { UsageError } from './errors.js';
import { readSettingsText } from './files.js';
import { McpServerEntry } from './mcp-schema.js';
import { projectVarGuard, type KeyFacts, type VarGuard } from './mcp-vars.js';
import { findRepoRoot } from './paths.js';
import { describeProblem } from './schema.js';

export const DEFAULT_MCP_TIMEOUT_MS = 60_000;

interface SpecBase {
  name: string;
  /** the file the entry came from */
  source: string;
  disabled: boolean;
  /** per-call timeout */
  timeoutMs: number;
  /** a `${VAR}` with no value and no default, or one a project may not use: the server is not started, and its state says why */
  problem?: string;
}

export interface StdioSpec extends SpecBase {
  transport: 'stdio';
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string | undefined;
}

export interface RemoteSpec extends SpecBase {
  /** `http` tries streamable HTTP, then SSE */
  transport: 'http' | 'sse';
  url: string;
  headers: Record<string, string>;
}

export type McpServerSpec = StdioSpec | RemoteSpec;

/** One file's `mcpServers` object, not yet checked. */
export interface McpSource {
  path: string;
  servers: Record<string, unknown> | undefined;
  /** a project's file (`.mcp.json`, `.tack/config.json`), not one the user wrote or named */
  project?: boolean;
}

/** How a project's entries expand `${VAR}` (the user's own expand from the whole environment). */
export interface ProjectExpansion {
  guard?: VarGuard;
  /** the user's own settings file, named in a refusal as the place to pass a key on purpose */
  ownFile?: string;
}

const VAR = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** `${VAR}` and `${VAR:-default}` in `text`, from `env`; the first variable with neither a value nor a default is named. */
export function expandVars(text: string, env: NodeJS.ProcessEnv): { value: string; missing?: string } {
  let missing: string | undefined;
  const value = text.replace(VAR, (_all, name: string, fallback: string | undefined) => {
    const v = env[name];
    if (v !== undefined && v !== '') return v;
    if (fallback !== undefined) return fallback;
    missing ??= name;
    return '';
  });
  return { value, missing };
}

/** The variables `text` names, in order. */
export function namedVars(text: string): string[] {
  return [...text.matchAll(VAR)].map((m) => m[1]!);
}

function expandAll(spec: McpServerSpec, env: NodeJS.ProcessEnv, how: ProjectExpansion): McpServerSpec {
  const missing: string[] = [];
  const refused: string[] = [];
  const x = (text: string) => {
    for (const name of namedVars(text)) {
      const why = how.guard?.refused(name);
      if (why) refused.push(`\${${name}} ${why}`);
    }
    const r = expandVars(text, how.guard?.env ?? env);
    if (r.missing) missing.push(r.missing);
    return r.value;
  };
  const map = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, x(v)]));
  const out: McpServerSpec =
    spec.transport === 'stdio'
      ? { ...spec, command: x(spec.command), args: spec.args.map(x), env: map(spec.env) }
      : { ...spec, url: x(spec.url), headers: map(spec.headers) };
  if (refused.length > 0) {
    const elsewhere = how.ownFile ? `put the server in ${how.ownFile}` : 'put the server in your own settings';
    out.problem = `${refused[0]}; a project's ${basename(spec.source)} (${spec.source}) cannot use it (${elsewhere} to pass it on purpose)`;
  } else if (missing.length > 0) out.problem = `\${${missing[0]}} is not set (write \${${missing[0]}:-default} for a default)`;
  return out;
}

/** Checks one entry; a malformed one stops tack with the file and the entry named (exit 2). */
export function checkEntry(name: string, raw: unknown, source: string, cwd: string, env: NodeJS.ProcessEnv, project: ProjectExpansion = {}): McpServerSpec {
  const where = `the MCP server "${name}" in ${source}`;
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) {
    throw new UsageError(`${where}: a server name may hold only letters, digits, "_", "-" and "."`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new UsageError(`${where} must be an object with "command" or "type" and "url"`);
  const entry = raw as Record<string, unknown>;
  const remote = typeof entry.type === 'string' && entry.type !== 'stdio';
  if (!remote && entry.command === undefined && entry.url !== undefined) {
    throw new UsageError(`${where} has a "url" but no "type"; add "type": "http" (or "sse")`);
  }
  const problem = describeProblem(McpServerEntry, raw);
  if (problem) {
    const hint = remote
      ? ' (a remote server takes type, url, headers, disabled, timeout)'
      : ' (a stdio server takes command, args, env, cwd, disabled, timeout)';
    const timeoutHint = typeof entry.timeout === 'number' && entry.timeout < 100 ? '; "timeout" is in milliseconds' : '';
    throw new UsageError(`${where} has a problem: ${problem}${timeoutHint}${hint}`);
  }
  const e = raw as McpServerEntry;
  const base = { name, source, disabled: e.disabled === true, timeoutMs: e.timeout ?? DEFAULT_MCP_TIMEOUT_MS };
  const spec: McpServerSpec =
    'command' in e
      ? { ...base, transport: 'stdio', command: e.command, args: e.args ?? [], env: e.env ?? {}, cwd: e.cwd === undefined ? undefined : resolve(cwd, e.cwd) }
      : { ...base, transport: e.type === 'sse' ? 'sse' : 'http', url: e.url, headers: e.headers ?? {} };
  return expandAll(spec, env, project);
}

/** Reads a file holding `{"mcpServers": {...}}` (`.mcp.json`, `--mcp-config`). */
export function readMcpFile(path: string): McpSource {
  const text = readSettingsText(path);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`the MCP settings file ${path} is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`the MCP settings file ${path} must hold a JSON object`);
  const servers = (value as { mcpServers?: unknown }).mcpServers;
  if (servers !== undefined && (typeof servers !== 'object' || servers === null || Array.isArray(servers))) {
    throw new UsageError(`the MCP settings file ${path}: "mcpServers" must be an object of servers by name`);
  }
  return { path, servers: servers as Record<string, unknown> | undefined };
}

/**
 * The project's `.mcp.json` (Claude Code's file, at the repository root), if there is one. A folder
 * of that name is none: the sandbox holds the place with an empty one while a command runs.
 */
export function findProjectMcpFile(cwd: string): string | undefined {
  const path = join(findRepoRoot(cwd) ?? resolve(cwd), '.mcp.json');
  try {
    return statSync(path).isDirectory() ? undefined : path;
  } catch {
    return undefined;
  }
}

/**
 * Every server of the sources, by name, later sources winning; sorted by name so the order is stable.
 * A project's entries expand through a guard built from `keys` (without them, still never a provider's key).
 */
export function collectMcpServers(sources: McpSource[], cwd: string, env: NodeJS.ProcessEnv, keys: KeyFacts & { ownFile?: string } = {}): McpServerSpec[] {
  const byName = new Map<string, McpServerSpec>();
  const project: ProjectExpansion = { guard: projectVarGuard(env, keys), ownFile: keys.ownFile };
  for (const source of sources) {
    for (const [name, raw] of Object.entries(source.servers ?? {})) {
      byName.set(name, checkEntry(name, raw, source.path, cwd, env, source.project ? project : {}));
    }
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
