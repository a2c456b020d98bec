// Settles every setting by precedence: flags > environment > project file > global file > defaults.
import { resolve } from 'node:path';
import type { CompatFlags, RetryOptions } from '../ai/types.js';
import { UsageError } from './errors.js';
import { loadConfigFiles } from './files.js';
import { expandHome, tackHome } from './paths.js';
import type { ConfigFile, ProviderConfig } from './schema.js';

export const TOOL_NAMES = ['read', 'write', 'edit', 'bash', 'grep', 'find', 'ls'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_OPENAI_MODEL = 'gpt-5';

/** The flags that affect configuration, as commander parsed them. */
export interface ConfigFlags {
  model?: string;
  provider?: string;
  baseUrl?: string;
  apiKey?: string;
  maxTurns?: number;
  tools?: string;
  cwd?: string;
}

export interface ResolvedConfig {
  cwd: string;
  home: string;
  /** the settings files that were read, lowest precedence first */
  files: string[];
  provider: string;
  baseUrl: string;
  /** undefined: ask the server for its models and take the first */
  model: string | undefined;
  /** undefined for servers that need none (local ones) */
  apiKey: string | undefined;
  apiKeyEnv: string;
  providerModels: NonNullable<ProviderConfig['models']>;
  compat: CompatFlags | undefined;
  maxTurns: number | undefined;
  retry: RetryOptions | undefined;
  idleTimeoutMs: number | undefined;
  tools: ToolName[];
  compaction: { reserveTokens?: number; keepRecentTokens?: number };
}

export const MISSING_KEY_GUIDANCE = [
  'tack needs a model server. Either:',
  '  set OPENAI_API_KEY (or pass --api-key) to use OpenAI,',
  '  point --base-url at a local server (Ollama: http://localhost:11434/v1, vLLM, llama.cpp),',
  '  or write ~/.tack/config.json with "baseUrl", "model" and "apiKeyEnv".',
].join('\n');

function merged(files: ConfigFile[]): ConfigFile {
  const out: ConfigFile = {};
  for (const f of files) {
    Object.assign(out, f, {
      providers: { ...out.providers, ...f.providers },
      retry: { ...out.retry, ...f.retry },
      timeouts: { ...out.timeouts, ...f.timeouts },
      compaction: { ...out.compaction, ...f.compaction },
    });
  }
  return out;
}

export function parseToolList(list: string | string[]): ToolName[] {
  const names = (Array.isArray(list) ? list : list.split(',')).map((n) => n.trim()).filter(Boolean);
  for (const name of names) {
    if (!(TOOL_NAMES as readonly string[]).includes(name)) {
      throw new UsageError(`unknown tool "${name}"; the tools are: ${TOOL_NAMES.join(', ')}`);
    }
  }
  return [...new Set(names)] as ToolName[];
}

export function resolveConfig(flags: ConfigFlags, env: NodeJS.ProcessEnv = process.env): ResolvedConfig {
  const cwd = resolve(expandHome(flags.cwd ?? process.cwd()));
  const home = tackHome(env);
  const loaded = loadConfigFiles(cwd, home);
  const file = merged(loaded.map((l) => l.config));

  const providerName = flags.provider ?? file.provider ?? 'openai';
  const preset: ProviderConfig | undefined =
    file.providers?.[providerName] ?? (providerName === 'openai' ? { baseUrl: OPENAI_BASE_URL, apiKeyEnv: 'OPENAI_API_KEY' } : undefined);
  if (!preset) {
    const known = ['openai', ...Object.keys(file.providers ?? {})].join(', ');
    throw new UsageError(`unknown provider "${providerName}"; known providers: ${known} (add one under "providers" in the settings file)`);
  }

  const explicitBaseUrl = flags.baseUrl ?? env.OPENAI_BASE_URL ?? file.baseUrl;
  const baseUrl = (explicitBaseUrl ?? preset.baseUrl).replace(/\/+$/, '');
  const apiKeyEnv = file.apiKeyEnv ?? preset.apiKeyEnv ?? 'OPENAI_API_KEY';
  const apiKey = flags.apiKey ?? (env[apiKeyEnv] || undefined);
  const isOpenAI = baseUrl === OPENAI_BASE_URL;
  if (!apiKey && isOpenAI) throw new UsageError(MISSING_KEY_GUIDANCE);

  let model = flags.model ?? (env.TACK_MODEL || undefined) ?? file.model;
  if (!model && isOpenAI) model = DEFAULT_OPENAI_MODEL;

  const idle = file.timeouts?.idleSeconds;
  return {
    cwd,
    home,
    files: loaded.map((l) => l.path),
    provider: providerName,
    baseUrl,
    model,
    apiKey,
    apiKeyEnv,
    providerModels: preset.models ?? [],
    compat: preset.compat,
    maxTurns: flags.maxTurns ?? file.maxTurns,
    retry: file.retry && Object.keys(file.retry).length > 0 ? file.retry : undefined,
    idleTimeoutMs: idle !== undefined ? idle * 1000 : undefined,
    tools: parseToolList(flags.tools ?? file.tools ?? [...TOOL_NAMES]),
    compaction: file.compaction ?? {},
  };
}
