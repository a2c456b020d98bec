// Settles every setting by precedence: flags > environment > project file > global file > defaults.
import { join, resolve } from 'node:path';
import type { Vendor } from '../ai/model-table.js';
import type { CompatFlags, RetryOptions, ThinkingLevel, WireChoice } from '../ai/types.js';
import { checkBaseUrls } from './base-url.js';
import { UsageError } from './errors.js';
import { loadConfigFiles, type LoadedFile } from './files.js';
import { type StatusLineSetting, statusLineOf } from './status-line.js';
import { type CheckpointSettings, checkpointSettings } from './checkpoint-settings.js';
import { tackHome } from './paths.js';
import { expandHome } from '../../tools/fs/paths.js';
import type { HooksConfig } from './hooks-schema.js';
import { agentsSettings, type AgentsSettings } from './agents-settings.js';
import type { ApprovalMode } from './schema.js';
import { PRESETS, type Preset } from '../ai/presets.js';
import type { ConfigFile, ModelFactsConfig, ProviderConfig } from './schema.js';
import { SESSION_TOOL_NAMES, TOOL_NAMES, WEB_TOOL_NAMES, type SessionToolName, type ToolName, type WebToolName } from '../../tools/names.js';
import { webSettings, type WebSettings } from './web-settings.js';
import { localMcpSource } from './mcp-scopes.js';
import { collectMcpServers, findProjectMcpFile, readMcpFile, type McpServerSpec, type McpSource } from './mcp-servers.js';

export const OPENAI_BASE_URL = PRESETS.openai!.baseUrl;

/** The flags that affect configuration, as commander parsed them. */
export interface ConfigFlags {
  model?: string;
  provider?: string;
  baseUrl?: string;
  apiKey?: string;
  maxTurns?: number;
  tools?: string;
  cwd?: string;
  approval?: ApprovalMode;
  yolo?: boolean;
  sandbox?: 'on' | 'off';
  /** false with --no-network */
  network?: boolean;
  /** false with --no-checkpoints: no shadow git for this run */
  checkpoints?: boolean;
  thinking?: ThinkingLevel;
  /** --mcp-config FILE (repeatable): files holding {"mcpServers": …}, named on the command line so trusted */
  mcpConfig?: string[];
}

/**
 * Whether a project's own settings apply (src/trust decides): `none` when the folder has none,
 * `trusted` (remembered in trust.json), `session` (trusted for this run), `ignored`.
 */
export type ProjectTrust = 'none' | 'trusted' | 'session' | 'ignored';

export interface ResolveOptions {
  /** default `ignored`: a folder's own settings apply only when the user trusts it */
  trust?: ProjectTrust;
}

export interface ResolvedConfig {
  cwd: string;
  /** whether the project's own settings were applied, and why */
  trust: ProjectTrust;
  home: string;
  /** the settings files that were read, lowest precedence first */
  files: string[];
  provider: string;
  /** how to name the provider to a person: 'Ollama', 'OpenRouter', or the name from the settings */
  providerLabel: string;
  baseUrl: string;
  /** undefined: ask the server for its models and take the first */
  model: string | undefined;
  /** undefined for servers that need none (local ones) */
  apiKey: string | undefined;
  /** the variable the key is read from; undefined when the provider needs none */
  apiKeyEnv: string | undefined;
  providerModels: NonNullable<ProviderConfig['models']>;
  compat: CompatFlags | undefined;
  /** the API answers are streamed over; undefined: Chat Completions */
  api: WireChoice | undefined;
  /** per-model overrides of the model table, for any provider */
  modelFacts: Record<string, ModelFactsConfig>;
  /** whose prices from the model table this server charges */
  bills: Vendor[];
  thinking: ThinkingLevel | undefined;
  /** no default: a long task is not cut short; loops are caught by the run guard (agent/run-guard.ts) */
  maxTurns: number | undefined;
  maxRequests: number | undefined;
  /** print mode reads at most this much piped input */
  stdinLimitBytes: number;
  retry: RetryOptions | undefined;
  idleTimeoutMs: number | undefined;
  answerTimeoutMs: number | undefined;
  tools: (ToolName | SessionToolName | WebToolName)[];
  /** the search backend and fetch's limits */
  web: WebSettings;
  compaction: { reserveTokens?: number; keepRecentTokens?: number };
  checkpoints: CheckpointSettings;
  /** background jobs running at once, at most (`jobs.max`, default 8) */
  maxJobs: number;
  /** undefined: the mode's default (`ask` interactive, print mode's own) */
  approval: ApprovalMode | undefined;
  /** permission rules of every settings file, global first */
  permissions: { allow: string[]; ask: string[]; deny: string[] };
  /** undefined: on where bubblewrap can run */
  sandbox: 'on' | 'off' | undefined;
  /** workspace files the sandbox shows to commands although they look secret (`sandbox.exposeSecretFiles`) */
  exposeSecretFiles: string[];
  sandboxNetwork: boolean;
  /** how long edit and write wait for a language server's errors; undefined: `"diagnostics": false` */
  diagnostics: { waitMs: number } | undefined;
  /** terminal notifications from the app (`"notifications": false` turns them off) */
  notifications: boolean;
  /** the input's keys: vim's modes and motions, or the usual ones */
  editorMode: 'normal' | 'vim';
  /** variables let back into tool processes although their names look secret */
  envAllow: string[];
  /** MCP servers from every source that applies, by name (disabled ones included, marked) */
  mcpServers: McpServerSpec[];
  /** the `hooks` of each settings file that applies, with its path */
  hooks: { path: string; hooks: HooksConfig }[];
  /** the status line's command, from the last settings file that names one */
  statusLine?: StatusLineSetting;
  mcp: {
    /** tools a server marks read-only run without a question */
    trustReadOnlyHints: boolean;
    /** how long the first model call waits for tool lists still loading */
    startupWaitMs: number;
  };
  /** child agents: budgets, how many at once, depth */
  agents: AgentsSettings;
}

/** What to do when nothing names a server; `settingsPath` is the user's own file ($TACK_HOME/config.json). */
export function missingServerGuidance(settingsPath: string): string {
  return [
    'no model server is set up. Either:',
    "  set OPENAI_API_KEY (or pass --api-key) to use OpenAI, or another provider's key (tack --list-providers),",
    '  start a local server (Ollama, LM Studio, llama.cpp, vLLM) or point --base-url at one,',
    `  or write ${settingsPath} with "baseUrl", "model" and "apiKeyEnv" (run tack in a terminal to be helped).`,
  ].join('\n');
}

/**
 * Nothing says which server to use: the caller may look for a local one before giving up. With
 * `wholeModel`, the model id looked like `provider/model` for a provider without its key
 * (`openai/gpt-oss-20b`): a local server that serves that very id is what was meant.
 */
export class NoServerConfigured extends UsageError {
  constructor(
    message: string,
    readonly wholeModel?: string,
  ) {
    super(message);
  }
}

function merged(files: ConfigFile[]): ConfigFile {
  const out: ConfigFile = {};
  for (const f of files) {
    Object.assign(out, f, {
      providers: { ...out.providers, ...f.providers },
      models: { ...out.models, ...f.models },
      retry: { ...out.retry, ...f.retry },
      timeouts: { ...out.timeouts, ...f.timeouts },
      compaction: { ...out.compaction, ...f.compaction },
      checkpoints: { ...out.checkpoints, ...f.checkpoints },
      mcp: { ...out.mcp, ...f.mcp },
      agents: { ...out.agents, ...f.agents },
    });
  }
  return out;
}

/** `"sandbox": "on"` or `{"mode": "on", "exposeSecretFiles": [...]}`: the last file's mode, every file's exposed files. */
function sandboxSettings(files: ConfigFile[]): { mode: 'on' | 'off' | undefined; expose: string[] } {
  const forms = files.map((f) => (typeof f.sandbox === 'object' ? f.sandbox : { mode: f.sandbox, exposeSecretFiles: undefined }));
  return {
    mode: forms
      .map((f) => f.mode)
      .filter((m) => m !== undefined)
      .pop(),
    expose: forms.flatMap((f) => f.exposeSecretFiles ?? []),
  };
}

export function parseToolList(list: string | string[]): (ToolName | SessionToolName | WebToolName)[] {
  const names = (Array.isArray(list) ? list : list.split(',')).map((n) => n.trim()).filter(Boolean);
  const known: readonly string[] = [...TOOL_NAMES, ...SESSION_TOOL_NAMES, ...WEB_TOOL_NAMES];
  for (const name of names) {
    if (!known.includes(name) && name !== 'task') throw new UsageError(`unknown tool "${name}"; the tools are: ${known.join(', ')}, task`);
  }
  // `task` (a child agent) is the session's, not a tool of its own: agentsSettings reads it
  return [...new Set(names.filter((n) => n !== 'task'))] as (ToolName | SessionToolName | WebToolName)[];
}

/** A built-in preset with the settings' entry of the same name laid over it (compat merged). */
export function providerEntry(name: string, file: ConfigFile): (Preset & { userDefined: boolean }) | undefined {
  const preset = PRESETS[name];
  const user = file.providers?.[name];
  if (!user) return preset && { ...preset, userDefined: false };
  const baseUrl = user.baseUrl ?? preset?.baseUrl;
  if (!baseUrl) throw new UsageError(`provider "${name}" in the settings needs a "baseUrl"`);
  const compat = preset?.compat || user.compat ? { ...preset?.compat, ...user.compat } : undefined;
  return { ...preset, ...user, label: preset?.label ?? name, baseUrl, compat, userDefined: !preset };
}

export function knownProviders(file: ConfigFile): string[] {
  return [...new Set([...Object.keys(PRESETS), ...Object.keys(file.providers ?? {})])];
}

/**
 * `--model provider/model` names both, but only when the prefix is a provider and the provider in
 * force does not itself serve `vendor/model` ids (OpenRouter's `anthropic/claude-…` stays whole).
 */
function splitModel(model: string | undefined, chosen: string | undefined, fixedServer: boolean, file: ConfigFile) {
  const slash = model?.indexOf('/') ?? -1;
  if (!model || slash <= 0) return { model };
  const prefix = model.slice(0, slash);
  const rest = model.slice(slash + 1);
  const entry = chosen ? providerEntry(chosen, file) : undefined;
  if (entry?.routes || entry?.userDefined) return { model };
  if (prefix === chosen) return { model: rest };
  if (fixedServer || !knownProviders(file).includes(prefix)) return { model };
  return { model: rest, provider: prefix };
}

function approvalMode(flags: ConfigFlags, file: ConfigFile): ApprovalMode | undefined {
  if (flags.yolo && flags.approval && flags.approval !== 'yolo') {
    throw new UsageError(`--yolo means --approval yolo, which contradicts --approval ${flags.approval}; give one of them`);
  }
  return flags.yolo ? 'yolo' : (flags.approval ?? file.approval);
}

/** Rules add up across the settings files: a global deny rule still holds in a project that allows more. */
function ruleLists(files: ConfigFile[]): ResolvedConfig['permissions'] {
  const list = (key: 'allow' | 'ask' | 'deny') => files.flatMap((f) => f.permissions?.[key] ?? []);
  return { allow: list('allow'), ask: list('ask'), deny: list('deny') };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * Keys never follow a URL they were not set for: a key goes to the server of a built-in provider
 * that uses it, or to a server the user named themselves (a flag, the environment, their own
 * settings file), never to one only a project's settings name.
 */
function checkKeyDestination(o: {
  baseUrl: string;
  apiKeyEnv: string | undefined;
  providerName: string;
  flags: ConfigFlags;
  env: NodeJS.ProcessEnv;
  loaded: LoadedFile[];
  globalPath: string;
}): void {
  const allowed = new Set<string>();
  for (const [name, preset] of Object.entries(PRESETS)) {
    if (o.apiKeyEnv ? preset.apiKeyEnv === o.apiKeyEnv : name === o.providerName) allowed.add(originOf(preset.baseUrl));
  }
  const named = [o.flags.baseUrl, o.env.OPENAI_BASE_URL];
  for (const { config: own } of o.loaded.filter((l) => l.own)) {
    named.push(own.baseUrl, ...Object.entries(own.providers ?? {}).map(([name, p]) => p.baseUrl ?? PRESETS[name]?.baseUrl));
    if (own.apiKeyEnv) named.push(PRESETS[own.provider ?? 'openai']?.baseUrl);
  }
  for (const url of named) if (url) allowed.add(originOf(url));
  if (allowed.has(originOf(o.baseUrl))) return;
  const project =
    o.loaded
      .filter((l) => !l.own)
      .map((l) => l.path)
      .join(', ') || 'the project settings';
  const key = o.apiKeyEnv ? `your ${o.apiKeyEnv}` : 'the key given with --api-key';
  throw new UsageError(
    `refused: ${project} would send ${key} to ${o.baseUrl}, a server that key was not set for; if you mean it, name that server in ${o.globalPath} or pass --base-url`,
  );
}

/** The sources of MCP servers, lowest precedence first (see mcp-servers.ts). */
export function mcpSources(loaded: LoadedFile[], cwd: string, home: string, applyProject: boolean, flagFiles: string[]): McpSource[] {
  const fromSettings = (l: LoadedFile): McpSource => ({
    path: l.path,
    servers: l.config.mcpServers as Record<string, unknown> | undefined,
    project: !l.own,
  });
  const sources = loaded.filter((l) => l.own).map(fromSettings);
  const dotMcp = applyProject ? findProjectMcpFile(cwd) : undefined;
  if (dotMcp) sources.push({ ...readMcpFile(dotMcp), project: true });
  sources.push(...loaded.filter((l) => !l.own).map(fromSettings));
  const local = localMcpSource(home, cwd);
  if (local) sources.push(local);
  for (const file of flagFiles) sources.push(readMcpFile(resolve(cwd, expandHome(file))));
  return sources;
}

export function resolveConfig(flags: ConfigFlags, env: NodeJS.ProcessEnv = process.env, o: ResolveOptions = {}): ResolvedConfig {
  const cwd = resolve(expandHome(flags.cwd ?? process.cwd()));
  const home = tackHome(env);
  const trust = o.trust ?? 'ignored';
  const applyProject = trust === 'trusted' || trust === 'session';
  const loaded = loadConfigFiles(cwd, home, applyProject);
  const file = merged(loaded.map((l) => l.config));
  checkBaseUrls(flags.baseUrl, env.OPENAI_BASE_URL, loaded);

  const chosen = flags.provider ?? file.provider;
  const explicitBaseUrl = flags.baseUrl ?? env.OPENAI_BASE_URL ?? file.baseUrl;
  const wanted = flags.model ?? (env.TACK_MODEL || undefined) ?? file.model;
  // --provider or a base URL fixes the server: the id is then the server's own, slashes and all.
  const split = splitModel(wanted, chosen, flags.provider !== undefined || explicitBaseUrl !== undefined, file);
  const providerName = split.provider ?? chosen ?? 'openai';
  const entry = providerEntry(providerName, file);
  if (!entry) {
    throw new UsageError(
      `unknown provider "${providerName}"; known providers: ${knownProviders(file).join(', ')} (see tack --list-providers, or add one under "providers" in the settings file)`,
    );
  }

  const baseUrl = (explicitBaseUrl ?? entry.baseUrl).replace(/\/+$/, '');
  const ownServer = baseUrl === entry.baseUrl.replace(/\/+$/, '');
  // A provider's key goes only to that provider's own server, never to another base URL (a
  // router, someone's vLLM). The exception is the OpenAI SDK's own pair OPENAI_BASE_URL +
  // OPENAI_API_KEY, both set in the environment on purpose.
  const pairedEnv = providerName === 'openai' && !flags.baseUrl && env.OPENAI_BASE_URL !== undefined;
  const apiKeyEnv = file.apiKeyEnv ?? (ownServer || pairedEnv ? entry.apiKeyEnv : undefined);
  const apiKey = flags.apiKey ?? (apiKeyEnv ? env[apiKeyEnv] || undefined : undefined);
  if (!apiKey && ownServer && entry.apiKeyEnv && !entry.userDefined) {
    if (!chosen && !split.provider) throw new NoServerConfigured(missingServerGuidance(join(home, 'config.json')));
    const needsKey = `${entry.label} needs an API key: set ${apiKeyEnv} (or pass --api-key)`;
    if (!chosen) throw new NoServerConfigured(needsKey, wanted);
    throw new UsageError(needsKey);
  }
  if (apiKey) checkKeyDestination({ baseUrl, apiKeyEnv, providerName, flags, env, loaded, globalPath: join(home, 'config.json') });
  // a project's servers expand only what commands get: never this key, whatever holds it
  const mcpServers = collectMcpServers(mcpSources(loaded, cwd, home, applyProject, flags.mcpConfig ?? []), cwd, env, {
    apiKeyEnv,
    apiKey,
    allow: loaded.filter((l) => l.own).flatMap((l) => l.config.env?.allow ?? []),
    ownFile: join(home, 'config.json'),
  });

  const idle = file.timeouts?.idleSeconds;
  const answer = file.timeouts?.answerSeconds;
  return {
    cwd,
    trust,
    home,
    files: loaded.map((l) => l.path),
    provider: providerName,
    providerLabel: entry.label,
    baseUrl,
    model: split.model ?? (ownServer ? entry.defaultModel : undefined),
    apiKey,
    apiKeyEnv,
    providerModels: file.providers?.[providerName]?.models ?? [],
    compat: entry.compat,
    // A preset's choice holds on its own server only; one the settings name holds anywhere.
    api: file.providers?.[providerName]?.api ?? (ownServer ? entry.api : undefined),
    modelFacts: file.models ?? {},
    bills: ownServer ? (entry.bills ?? []) : [],
    thinking: flags.thinking ?? file.thinking,
    maxTurns: flags.maxTurns ?? file.maxTurns,
    maxRequests: file.maxRequests,
    stdinLimitBytes: Math.round((file.stdinLimitMB ?? 1) * 1048576),
    retry: file.retry && Object.keys(file.retry).length > 0 ? file.retry : undefined,
    idleTimeoutMs: idle !== undefined ? idle * 1000 : undefined,
    answerTimeoutMs: answer !== undefined ? answer * 1000 : undefined,
    tools: parseToolList(flags.tools ?? file.tools ?? [...TOOL_NAMES, ...SESSION_TOOL_NAMES, ...WEB_TOOL_NAMES]),
    web: webSettings(loaded, env),
    compaction: file.compaction ?? {},
    checkpoints: checkpointSettings(file.checkpoints, flags.checkpoints),
    maxJobs: file.jobs?.max ?? 8,
    approval: approvalMode(flags, file),
    permissions: ruleLists(loaded.map((l) => l.config)),
    sandbox: flags.sandbox ?? sandboxSettings(loaded.map((l) => l.config)).mode,
    exposeSecretFiles: sandboxSettings(loaded.map((l) => l.config)).expose,
    sandboxNetwork: flags.network === false ? false : (file.sandboxNetwork ?? true),
    diagnostics: file.diagnostics === false ? undefined : { waitMs: ((file.diagnostics === true ? undefined : file.diagnostics?.waitSeconds) ?? 3) * 1000 },
    notifications: file.notifications ?? true,
    editorMode: file.editorMode ?? 'normal',
    envAllow: loaded.flatMap((l) => l.config.env?.allow ?? []),
    mcpServers,
    hooks: loaded.flatMap((l) => (l.config.hooks ? [{ path: l.path, hooks: l.config.hooks as HooksConfig }] : [])),
    ...statusLineOf(loaded),
    mcp: { trustReadOnlyHints: file.mcp?.trustReadOnlyHints === true, startupWaitMs: (file.mcp?.startupWaitSeconds ?? 5) * 1000 },
    agents: agentsSettings(file.agents, flags.tools ?? file.tools),
  };
}
