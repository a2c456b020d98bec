// Provider presets, `--model provider/model`, user providers over presets, where keys may go,
// and the model facts every session's model is built from.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openaiProvider } from '../../src/ai/openai/provider.js';
import { lookupModelFacts } from '../../src/ai/model-table.js';
import { UsageError } from '../../src/config/errors.js';
import { PRESETS } from '../../src/ai/presets.js';
import { listProviders } from '../../src/config/provider-list.js';
import { NoServerConfigured, resolveConfig, type ConfigFlags } from '../../src/config/resolve.js';
import { makeProvider, pickModel } from '../../src/session/setup/model-setup.js';

function home(settings?: object) {
  const base = mkdtempSync(join(tmpdir(), 'tack-presets-'));
  const cwd = join(base, 'project');
  mkdirSync(join(cwd, '.git'), { recursive: true });
  mkdirSync(join(base, 'home'));
  if (settings) writeFileSync(join(base, 'home', 'config.json'), JSON.stringify(settings));
  return { cwd, env: { TACK_HOME: join(base, 'home') } as NodeJS.ProcessEnv };
}

function resolveWith(flags: ConfigFlags, extraEnv: Record<string, string> = {}, settings?: object) {
  const { cwd, env } = home(settings);
  return resolveConfig({ cwd, ...flags }, { ...env, ...extraEnv });
}

function problem(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('presets', () => {
  it('has every server the issue names, local ones without a key', () => {
    const names = ['openai', 'openrouter', 'deepseek', 'groq', 'together', 'mistral', 'xai', 'gemini', 'anthropic', 'ollama', 'lmstudio', 'llamacpp', 'vllm'];
    expect(Object.keys(PRESETS)).toEqual(names);
    for (const local of ['ollama', 'lmstudio', 'llamacpp', 'vllm']) expect(PRESETS[local]!.apiKeyEnv).toBeUndefined();
    for (const remote of names.slice(0, 9)) expect(PRESETS[remote]!.baseUrl).toMatch(/^https:\/\//);
  });

  it('--provider picks base URL, key variable, compat flags and default model', () => {
    const c = resolveWith({ provider: 'deepseek' }, { DEEPSEEK_API_KEY: 'ds-key', OPENAI_API_KEY: 'oa-key' });
    expect(c).toMatchObject({
      provider: 'deepseek',
      baseUrl: 'https://api.deepseek.com/v1',
      apiKey: 'ds-key',
      apiKeyEnv: 'DEEPSEEK_API_KEY',
      model: 'deepseek-chat',
    });
    expect(c.compat).toMatchObject({ maxTokensField: 'max_tokens', supportsReasoningEffort: false });
    const local = resolveWith({ provider: 'ollama', model: 'qwen3' }, { OPENAI_API_KEY: 'oa-key' });
    expect(local).toMatchObject({ baseUrl: 'http://127.0.0.1:11434/v1', apiKey: undefined, model: 'qwen3' });
  });

  it('says which variable a remote preset needs when its key is missing', () => {
    expect(problem(() => resolveWith({ provider: 'openrouter' }))).toBe('OpenRouter needs an API key: set OPENROUTER_API_KEY (or pass --api-key)');
    expect(() => resolveWith({ provider: 'openrouter' })).not.toThrow(NoServerConfigured);
  });

  it('provider in the settings works like --provider, and the flag wins', () => {
    expect(resolveWith({}, { GROQ_API_KEY: 'g' }, { provider: 'groq' }).baseUrl).toBe('https://api.groq.com/openai/v1');
    expect(resolveWith({ provider: 'vllm' }, { GROQ_API_KEY: 'g' }, { provider: 'groq' }).baseUrl).toBe('http://127.0.0.1:8000/v1');
  });

  it('a user provider of a preset name overrides its fields, compat merged', () => {
    const c = resolveWith({ provider: 'ollama' }, {}, { providers: { ollama: { baseUrl: 'http://gpu-box:11434/v1', compat: { supportsImages: false } } } });
    expect(c.baseUrl).toBe('http://gpu-box:11434/v1');
    expect(c.compat).toMatchObject({ supportsImages: false, maxTokensField: 'max_tokens', supportsDeveloperRole: false });
    const keyed = resolveWith({ provider: 'openrouter' }, { MY_OR: 'k' }, { providers: { openrouter: { apiKeyEnv: 'MY_OR' } } });
    expect(keyed).toMatchObject({ baseUrl: 'https://openrouter.ai/api/v1', apiKey: 'k' });
  });

  it('a user provider needs a baseUrl unless it overrides a preset', () => {
    expect(problem(() => resolveWith({ provider: 'mine' }, {}, { providers: { mine: { apiKeyEnv: 'X' } } }))).toContain(
      'provider "mine" in the settings needs a "baseUrl"',
    );
  });

  it('unknown provider names the known ones', () => {
    const text = problem(() => resolveWith({ provider: 'nope' }, {}, { providers: { box: { baseUrl: 'http://box/v1' } } }));
    expect(text).toContain('unknown provider "nope"');
    expect(text).toContain('openrouter');
    expect(text).toContain('box');
  });
});

describe('--model provider/model', () => {
  it('selects both when the prefix is a provider', () => {
    expect(resolveWith({ model: 'deepseek/deepseek-reasoner' }, { DEEPSEEK_API_KEY: 'k' })).toMatchObject({ provider: 'deepseek', model: 'deepseek-reasoner' });
    expect(resolveWith({ model: 'ollama/qwen3:8b' })).toMatchObject({ provider: 'ollama', model: 'qwen3:8b' });
    expect(resolveWith({ model: 'openrouter/anthropic/claude-sonnet-4.5' }, { OPENROUTER_API_KEY: 'k' })).toMatchObject({
      provider: 'openrouter',
      model: 'anthropic/claude-sonnet-4.5',
    });
    expect(resolveWith({}, { TACK_MODEL: 'groq/openai/gpt-oss-20b', GROQ_API_KEY: 'k' })).toMatchObject({ provider: 'groq', model: 'openai/gpt-oss-20b' });
  });

  it('keeps vendor/model ids whole under a provider that routes them, or when --provider is given', () => {
    expect(resolveWith({ provider: 'openrouter', model: 'anthropic/claude-sonnet-4.5' }, { OPENROUTER_API_KEY: 'k' })).toMatchObject({
      provider: 'openrouter',
      model: 'anthropic/claude-sonnet-4.5',
    });
    expect(resolveWith({ model: 'openai/gpt-5' }, { OPENROUTER_API_KEY: 'k' }, { provider: 'openrouter' })).toMatchObject({
      provider: 'openrouter',
      model: 'openai/gpt-5',
    });
    expect(resolveWith({ provider: 'vllm', model: 'deepseek/x' })).toMatchObject({ provider: 'vllm', model: 'deepseek/x' });
    // A prefix that is no provider is part of the id (a Hugging Face name on vLLM), and so is any
    // prefix once a base URL names the server.
    expect(resolveWith({ model: 'Qwen/Qwen3-8B', baseUrl: 'http://box/v1' })).toMatchObject({ provider: 'openai', model: 'Qwen/Qwen3-8B' });
    expect(resolveWith({ model: 'openai/gpt-oss-20b', baseUrl: 'http://box/v1' })).toMatchObject({ provider: 'openai', model: 'openai/gpt-oss-20b' });
  });

  it('drops a prefix that repeats the chosen provider', () => {
    expect(resolveWith({ provider: 'ollama', model: 'ollama/llama3' })).toMatchObject({ provider: 'ollama', model: 'llama3' });
  });
});

describe('keys go only to their own server', () => {
  it('never reads OPENAI_API_KEY for another base URL', () => {
    expect(resolveWith({ baseUrl: 'https://openrouter.ai/api/v1' }, { OPENAI_API_KEY: 'oa' }).apiKey).toBeUndefined();
    expect(resolveWith({ provider: 'ollama', baseUrl: 'http://box:11434/v1' }, { OPENAI_API_KEY: 'oa' }).apiKey).toBeUndefined();
    expect(resolveWith({}, { OPENAI_API_KEY: 'oa' }, { baseUrl: 'http://vllm:8000/v1' }).apiKey).toBeUndefined();
  });

  it('pairs OPENAI_BASE_URL with OPENAI_API_KEY, the OpenAI SDK convention, and honours apiKeyEnv and --api-key', () => {
    expect(resolveWith({}, { OPENAI_API_KEY: 'oa', OPENAI_BASE_URL: 'https://proxy.example/v1' }).apiKey).toBe('oa');
    expect(resolveWith({}, { MY_KEY: 'mine' }, { baseUrl: 'http://box/v1', apiKeyEnv: 'MY_KEY' }).apiKey).toBe('mine');
    expect(resolveWith({ baseUrl: 'http://box/v1', apiKey: 'flag' }).apiKey).toBe('flag');
  });

  it('the provider sends only the key it was given, never one from the environment', async () => {
    const { startMockServer } = await import('../support/mock-openai-server.js');
    const server = await startMockServer({ models: ['m'] });
    const saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = 'sk-must-not-leak';
    try {
      await openaiProvider({ baseUrl: server.url }).listModels();
      server.push({ text: 'ok' });
      const provider = openaiProvider({ baseUrl: server.url });
      await provider.stream(provider.getModel('m'), { messages: [] }, { retry: { maxAttempts: 1 } }).result();
      expect(server.requests).toHaveLength(2);
      for (const r of server.requests) expect(r.headers.authorization).toBe('Bearer no-key');
    } finally {
      if (saved === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved;
      await server.close();
    }
  });

  it('--list-providers says whether each key is set, never the key', () => {
    const { cwd, env } = home({ providers: { box: { baseUrl: 'http://box:9000/v1', apiKeyEnv: 'BOX_KEY' }, ollama: { baseUrl: 'http://gpu:11434/v1' } } });
    const text = listProviders(cwd, { ...env, OPENROUTER_API_KEY: 'sk-or-secret', BOX_KEY: 'box-secret' });
    expect(text).not.toContain('secret');
    expect(text).toMatch(/^openrouter +https:\/\/openrouter\.ai\/api\/v1 +OPENROUTER_API_KEY \(set\) +OpenRouter$/m);
    expect(text).toMatch(/^deepseek .*DEEPSEEK_API_KEY \(not set\)/m);
    expect(text).toMatch(/^ollama +http:\/\/gpu:11434\/v1 +no key needed +Ollama \[settings override\]$/m);
    expect(text).toMatch(/^box +http:\/\/box:9000\/v1 +BOX_KEY \(set\) +box \[settings\]$/m);
  });
});

describe('nothing configured', () => {
  it('throws NoServerConfigured (the guidance) so the caller can probe for a local server', () => {
    expect(() => resolveWith({})).toThrow(NoServerConfigured);
    expect(() => resolveWith({ model: 'qwen3' })).toThrow(NoServerConfigured);
  });

  it("a provider/model id without that provider's key may still be a local server's id", () => {
    let err: unknown;
    try {
      resolveWith({ model: 'openai/gpt-oss-20b' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(NoServerConfigured);
    expect(err).toMatchObject({ message: 'OpenAI needs an API key: set OPENAI_API_KEY (or pass --api-key)', wholeModel: 'openai/gpt-oss-20b' });
  });
});

describe('model facts', () => {
  it('looks up ids as servers spell them', () => {
    expect(lookupModelFacts('gpt-4o')?.contextWindow).toBe(128_000);
    expect(lookupModelFacts('gpt-4o-2024-08-06')?.prices.input).toBe(2.5);
    expect(lookupModelFacts('gpt-4o-mini-2024-07-18')?.prices.input).toBe(0.15);
    expect(lookupModelFacts('anthropic/claude-sonnet-4.5')?.contextWindow).toBe(200_000);
    expect(lookupModelFacts('claude-sonnet-4-5-20250929')?.maxTokens).toBe(64_000);
    expect(lookupModelFacts('openai/gpt-oss-120b')?.vendor).toBe('groq');
    expect(lookupModelFacts('my-finetune')).toBeUndefined();
  });

  it('gives the model its window and prices where this server charges them; unknown cost stays null', async () => {
    const model = async (flags: ConfigFlags, env: Record<string, string> = {}, settings?: object) => {
      const c = resolveWith(flags, env, settings);
      return pickModel(c, makeProvider(c));
    };
    expect(await model({ model: 'gpt-4o' }, { OPENAI_API_KEY: 'k' })).toMatchObject({
      contextWindow: 128_000,
      maxTokens: 16_384,
      prices: { input: 2.5, cacheRead: 1.25, output: 10 },
    });
    expect(await model({ model: 'openrouter/anthropic/claude-sonnet-4.5' }, { OPENROUTER_API_KEY: 'k' })).toMatchObject({
      contextWindow: 200_000,
      prices: { input: 3 },
    });
    // The same open model on a local server: its window is known, its price is not the host's.
    expect(await model({ provider: 'ollama', model: 'openai/gpt-oss-20b' })).toMatchObject({ contextWindow: 131_072, prices: null, reasoning: true });
    expect(await model({ model: 'unknown-model', baseUrl: 'http://box/v1' })).toMatchObject({ contextWindow: 128_000, prices: null, reasoning: false });
  });

  it("settings override any field per model, and a provider's own models list wins over both", async () => {
    const settings = {
      models: { 'gpt-4o': { contextWindow: 64_000 }, 'local-coder': { contextWindow: 32_768, reasoning: true, prices: { input: 0.1, output: 0.2 } } },
      providers: { box: { baseUrl: 'http://box/v1', models: [{ id: 'local-coder', maxTokens: 4096 }] } },
    };
    const c = resolveWith({ model: 'gpt-4o' }, { OPENAI_API_KEY: 'k' }, settings);
    expect(await pickModel(c, makeProvider(c))).toMatchObject({ contextWindow: 64_000, maxTokens: 16_384, prices: { input: 2.5 } });
    const box = resolveWith({ provider: 'box', model: 'local-coder' }, {}, settings);
    expect(await pickModel(box, makeProvider(box))).toMatchObject({
      contextWindow: 32_768,
      maxTokens: 4096,
      reasoning: true,
      prices: { input: 0.1, cacheRead: 0.1, output: 0.2 },
    });
  });

  it('--thinking and "thinking" in the settings resolve, the flag first', () => {
    expect(resolveWith({ baseUrl: 'http://b/v1' }, {}, { thinking: 'low' }).thinking).toBe('low');
    expect(resolveWith({ baseUrl: 'http://b/v1', thinking: 'high' }, {}, { thinking: 'low' }).thinking).toBe('high');
    expect(problem(() => resolveWith({ baseUrl: 'http://b/v1' }, {}, { thinking: 'max' }))).toContain('thinking');
  });
});
