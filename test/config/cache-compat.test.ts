// The settings can turn the hosted prompt-cache fields off per provider, as any other compat flag.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildChatParams } from '../../src/ai/openai/messages.js';
import { resolveConfig } from '../../src/config/resolve.js';
import { makeProvider } from '../../src/session/setup/model-setup.js';

function configWith(settings: object) {
  const base = mkdtempSync(join(tmpdir(), 'tack-cache-compat-'));
  const cwd = join(base, 'project');
  mkdirSync(join(cwd, '.git'), { recursive: true });
  mkdirSync(join(base, 'home'));
  writeFileSync(join(base, 'home', 'config.json'), JSON.stringify(settings));
  return resolveConfig({ cwd }, { TACK_HOME: join(base, 'home'), OPENROUTER_API_KEY: 'k', OPENAI_API_KEY: 'k' });
}

const request = (settings: object, model: string) => {
  const provider = makeProvider(configWith(settings), () => {});
  const params = buildChatParams(
    provider.getModel(model),
    { systemPrompt: 'sys', messages: [{ role: 'user', content: 'hi', timestamp: 0 }] },
    { sessionId: 's' },
  );
  return JSON.stringify(params);
};

describe('compat flags for hosted prompt caches', () => {
  it('"supportsCacheControl": false keeps breakpoints off OpenRouter requests', () => {
    expect(request({ provider: 'openrouter' }, 'anthropic/claude-sonnet-4.5')).toContain('cache_control');
    expect(
      request({ provider: 'openrouter', providers: { openrouter: { compat: { supportsCacheControl: false } } } }, 'anthropic/claude-sonnet-4.5'),
    ).not.toContain('cache_control');
  });

  it('"supportsPromptCacheKey": false keeps the key off OpenAI requests', () => {
    expect(request({ provider: 'openai' }, 'gpt-4.1')).toContain('prompt_cache_key');
    expect(request({ provider: 'openai', providers: { openai: { compat: { supportsPromptCacheKey: false } } } }, 'gpt-4.1')).not.toContain('prompt_cache_key');
  });
});
