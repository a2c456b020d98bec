// Built-in providers: where each server is, which environment variable holds its key, and what it
// is known to refuse (compat flags). Quirks not listed here are learned at run time anyway; a
// preset only saves the first refused request. A provider of the same name in the settings
// overrides any of these fields.
import type { CompatFlags, WireChoice } from './types.js';
import type { Vendor } from './model-table.js';

export interface Preset {
  /** shown by --list-providers and in notes */
  label: string;
  baseUrl: string;
  /** undefined: no key needed (local servers) */
  apiKeyEnv?: string;
  compat?: CompatFlags;
  /** the API answers are streamed over (default Chat Completions) */
  api?: WireChoice;
  /** the model used when none is set; undefined: the server's first */
  defaultModel?: string;
  /** the model table's prices apply to these vendors' models here */
  bills?: Vendor[];
  /** serves other vendors' models under `vendor/model` ids, so `--model x/y` is never split here */
  routes?: boolean;
  /** the usual port of a local server, probed when nothing is configured */
  probePort?: number;
}

/**
 * Local servers: only the system role, the older max_tokens, a thinking level passed through, and
 * no `strict` tools (only OpenAI's own servers enforce it; elsewhere it is ignored or refused).
 */
const LOCAL: CompatFlags = { supportsDeveloperRole: false, maxTokensField: 'max_tokens', supportsReasoningEffort: true, supportsStrictTools: false };

export const PRESETS: Readonly<Record<string, Preset>> = {
  openai: {
    label: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    apiKeyEnv: 'OPENAI_API_KEY',
    compat: { supportsDeveloperRole: true },
    // Reasoning models keep their reasoning between tool steps only over the Responses API.
    api: 'auto',
    defaultModel: 'gpt-5',
    bills: ['openai'],
  },
  openrouter: {
    label: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    apiKeyEnv: 'OPENROUTER_API_KEY',
    defaultModel: 'openai/gpt-5',
    // OpenRouter passes the vendors' own prices through.
    bills: ['openai', 'anthropic', 'google', 'deepseek', 'xai', 'mistral'],
    routes: true,
  },
  deepseek: {
    label: 'DeepSeek',
    baseUrl: 'https://api.deepseek.com/v1',
    apiKeyEnv: 'DEEPSEEK_API_KEY',
    // deepseek-reasoner always thinks and takes no effort level; no model reads images.
    compat: { supportsDeveloperRole: false, maxTokensField: 'max_tokens', supportsReasoningEffort: false, supportsImages: false, supportsStrictTools: false },
    defaultModel: 'deepseek-chat',
    bills: ['deepseek'],
  },
  groq: {
    label: 'Groq',
    baseUrl: 'https://api.groq.com/openai/v1',
    apiKeyEnv: 'GROQ_API_KEY',
    compat: { supportsDeveloperRole: false, replayReasoning: false, supportsStrictTools: false },
    defaultModel: 'openai/gpt-oss-120b',
    bills: ['groq'],
    routes: true,
  },
  together: {
    label: 'Together AI',
    baseUrl: 'https://api.together.xyz/v1',
    apiKeyEnv: 'TOGETHER_API_KEY',
    compat: { supportsDeveloperRole: false, maxTokensField: 'max_tokens', supportsStrictTools: false },
    routes: true,
  },
  mistral: {
    label: 'Mistral',
    baseUrl: 'https://api.mistral.ai/v1',
    apiKeyEnv: 'MISTRAL_API_KEY',
    compat: {
      supportsDeveloperRole: false,
      maxTokensField: 'max_tokens',
      supportsStreamOptions: false,
      supportsReasoningEffort: false,
      supportsStrictTools: false,
    },
    defaultModel: 'mistral-large-latest',
    bills: ['mistral'],
  },
  xai: {
    label: 'xAI',
    baseUrl: 'https://api.x.ai/v1',
    apiKeyEnv: 'XAI_API_KEY',
    compat: { supportsDeveloperRole: false, supportsStrictTools: false },
    defaultModel: 'grok-4',
    bills: ['xai'],
  },
  gemini: {
    label: 'Google Gemini (OpenAI-compatible endpoint)',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    apiKeyEnv: 'GEMINI_API_KEY',
    compat: { supportsDeveloperRole: false, supportsStrictTools: false, supportsParallelToolCalls: false, supportsReasoningEffort: true },
    defaultModel: 'gemini-2.5-flash',
    bills: ['google'],
  },
  anthropic: {
    label: 'Anthropic (OpenAI-compatible endpoint)',
    baseUrl: 'https://api.anthropic.com/v1',
    apiKeyEnv: 'ANTHROPIC_API_KEY',
    // Extended thinking is not reachable through reasoning_effort on this endpoint.
    compat: { supportsDeveloperRole: false, supportsReasoningEffort: false, supportsStrictTools: false },
    defaultModel: 'claude-sonnet-4-5',
    bills: ['anthropic'],
  },
  ollama: { label: 'Ollama', baseUrl: 'http://127.0.0.1:11434/v1', compat: LOCAL, probePort: 11434 },
  lmstudio: { label: 'LM Studio', baseUrl: 'http://127.0.0.1:1234/v1', compat: LOCAL, probePort: 1234 },
  llamacpp: { label: 'llama.cpp', baseUrl: 'http://127.0.0.1:8080/v1', compat: LOCAL, probePort: 8080 },
  vllm: { label: 'vLLM', baseUrl: 'http://127.0.0.1:8000/v1', compat: { ...LOCAL, maxTokensField: 'max_completion_tokens' }, probePort: 8000 },
};

/** The local servers probed when nothing is configured, in order of preference. */
export const PROBED = ['ollama', 'lmstudio', 'llamacpp', 'vllm'] as const;
