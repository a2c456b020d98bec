// What hosted servers' prompt caches are told (prompt-cache.ts): OpenAI's `prompt_cache_key`, and
// OpenRouter's `cache_control` breakpoints for Anthropic and Gemini models, only where taken; and a
// body whose earlier messages keep their bytes from one request to the next.
import { describe, expect, it } from 'vitest';
import { modelWithDefaults } from '../../src/ai/model-defaults.js';
import { chatBody } from '../../src/ai/openai/chat-body.js';
import { findFallback } from '../../src/ai/openai/fallbacks.js';
import { buildChatParams } from '../../src/ai/openai/messages.js';
import { buildResponsesParams } from '../../src/ai/openai/responses-params.js';
import { PRESETS } from '../../src/ai/presets.js';
import type { AssistantMessage, CompatFlags, Context, Message, Model, ToolResultMessage, UserMessage } from '../../src/ai/types.js';

function at(preset: string, id: string, compat?: CompatFlags): Model {
  const p = PRESETS[preset]!;
  return modelWithDefaults({ id }, { name: preset, baseUrl: p.baseUrl, compat: { ...p.compat, ...compat } });
}

const user = (text: string): UserMessage => ({ role: 'user', content: text, timestamp: 0 });
function answer(ids: string[], text = ''): AssistantMessage {
  return {
    role: 'assistant',
    content: [...(text ? [{ type: 'text' as const, text }] : []), ...ids.map((id) => ({ type: 'toolCall' as const, id, name: 'look', arguments: { id } }))],
    provider: 'openrouter',
    model: 'anthropic/claude-sonnet-4.5',
    usage: { input: 0, output: 0, cacheRead: 0, totalTokens: 0, cost: null },
    stopReason: 'toolUse',
    timestamp: 0,
  };
}
const result = (id: string): ToolResultMessage => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: 'look',
  content: [{ type: 'text', text: `seen ${id}` }],
  isError: false,
  timestamp: 0,
});
const tools = [{ name: 'look', description: 'looks', parameters: { type: 'object', properties: { id: { type: 'string' } } } }];
const context = (messages: Message[]): Context => ({ systemPrompt: 'You are tack.', messages, tools });

/** Every `cache_control` in a request, wherever it sits. */
function breakpoints(params: object): number {
  return JSON.stringify(params).split('"cache_control"').length - 1;
}

describe('prompt_cache_key', () => {
  it('goes to api.openai.com, one key per session: the same on every request, another for another session', () => {
    const m = at('openai', 'gpt-4.1');
    const first = buildChatParams(m, context([user('hi')]), { sessionId: 'session-a' });
    const again = buildChatParams(m, context([user('hi'), answer(['c1']), result('c1')]), { sessionId: 'session-a' });
    const other = buildChatParams(m, context([user('hi')]), { sessionId: 'session-b' });
    expect(first.prompt_cache_key).toMatch(/^tack-[0-9a-f]{32}$/);
    expect(again.prompt_cache_key).toBe(first.prompt_cache_key);
    expect(other.prompt_cache_key).not.toBe(first.prompt_cache_key);
    expect(first.prompt_cache_key).not.toContain('session-a');
    // the Responses API (OpenAI's reasoning models) takes the same key
    expect(buildResponsesParams(at('openai', 'gpt-5'), context([user('hi')]), { sessionId: 'session-a' }).prompt_cache_key).toBe(first.prompt_cache_key);
  });

  it('goes to a base URL on api.openai.com whatever the provider is called', () => {
    const m = modelWithDefaults({ id: 'gpt-4.1' }, { name: 'work', baseUrl: 'https://api.openai.com/v1/' });
    expect(buildChatParams(m, context([user('hi')]), { sessionId: 's' }).prompt_cache_key).toBeDefined();
  });

  it('goes nowhere else: local servers, routers and other vendors may refuse a field they do not know', () => {
    for (const [preset, id] of [
      ['llamacpp', 'qwen'],
      ['ollama', 'qwen'],
      ['vllm', 'qwen'],
      ['openrouter', 'openai/gpt-4.1'],
      ['deepseek', 'deepseek-chat'],
      ['mistral', 'mistral-large-latest'],
    ] as const) {
      expect(buildChatParams(at(preset, id), context([user('hi')]), { sessionId: 's' })).not.toHaveProperty('prompt_cache_key');
    }
    expect(buildChatParams(at('openai', 'gpt-4.1'), context([user('hi')]), {})).not.toHaveProperty('prompt_cache_key');
  });

  it('is left out for the rest of the session once the server refuses it by name', () => {
    const m = at('openai', 'gpt-4.1');
    const params = buildChatParams(m, context([user('hi')]), { sessionId: 's' });
    const fallback = findFallback('Unrecognized request argument supplied: prompt_cache_key', params, new Set());
    expect(fallback).toEqual({ feature: 'prompt_cache_key', learn: { supportsPromptCacheKey: false } });
    expect(buildChatParams(at('openai', 'gpt-4.1', fallback!.learn), context([user('hi')]), { sessionId: 's' })).not.toHaveProperty('prompt_cache_key');
  });
});

describe('cache_control breakpoints through OpenRouter', () => {
  const claude = at('openrouter', 'anthropic/claude-sonnet-4.5');

  it('marks the system prompt and the last message, and nothing else', () => {
    const params = buildChatParams(claude, context([user('go'), answer(['c1'], 'looking'), result('c1')]));
    const messages = params.messages as unknown as Record<string, unknown>[];
    expect(messages[0]).toEqual({ role: 'system', content: [{ type: 'text', text: 'You are tack.', cache_control: { type: 'ephemeral' } }] });
    expect(messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'c1', content: [{ type: 'text', text: 'seen c1', cache_control: { type: 'ephemeral' } }] });
    expect(messages[1]).toEqual({ role: 'user', content: 'go' });
    expect(breakpoints(params)).toBe(2);
  });

  it('marks Gemini models too, and no other model or server', () => {
    expect(breakpoints(buildChatParams(at('openrouter', 'google/gemini-2.5-pro'), context([user('go')])))).toBe(2);
    expect(breakpoints(buildChatParams(at('openrouter', 'openai/gpt-4.1'), context([user('go')])))).toBe(0);
    expect(breakpoints(buildChatParams(at('anthropic', 'claude-sonnet-4-5'), context([user('go')])))).toBe(0);
    expect(breakpoints(buildChatParams(at('llamacpp', 'anthropic/claude-sonnet-4.5'), context([user('go')])))).toBe(0);
  });

  it('never goes beside a tool message or on an assistant message without text: the last message with a part takes it', () => {
    const params = buildChatParams(claude, context([user('go'), answer(['c1'])]));
    const messages = params.messages as unknown as Record<string, unknown>[];
    expect(messages.at(-1)).not.toHaveProperty('cache_control');
    expect(JSON.stringify(messages.at(-1))).not.toContain('cache_control');
    expect(messages[1]).toEqual({ role: 'user', content: [{ type: 'text', text: 'go', cache_control: { type: 'ephemeral' } }] });
    expect(breakpoints(params)).toBe(2);
  });

  it('puts the breakpoint on the last part of a message with images', () => {
    const png = { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' };
    const params = buildChatParams(claude, context([{ role: 'user', content: [{ type: 'text', text: 'look' }, png], timestamp: 0 }]));
    const content = (params.messages.at(-1) as { content: Record<string, unknown>[] }).content;
    expect(content[0]).toEqual({ type: 'text', text: 'look' });
    expect(content[1]).toMatchObject({ type: 'image_url', cache_control: { type: 'ephemeral' } });
  });

  it('keeps every earlier message byte for byte from one request to the next, but for the breakpoint that moves on', () => {
    const conversation: Message[] = [user('go')];
    let before: string[] | undefined;
    for (let step = 1; step <= 12; step++) {
      conversation.push(answer([`c${step}`], step % 2 ? `step ${step}` : ''), result(`c${step}`));
      const params = buildChatParams(claude, context(conversation));
      const body = chatBody(params).toString('utf8');
      // the kept bytes of a message once marked never carry its old breakpoint
      expect(body).toBe(JSON.stringify(params));
      expect(breakpoints(params)).toBe(2);
      const now = params.messages.map((m) => JSON.stringify(m));
      if (before) {
        const moved = before.length - 1;
        expect(now.slice(0, moved)).toEqual(before.slice(0, moved));
        expect(now[moved]).toBe(before[moved]!.replace(/\[\{"type":"text","text":("[^"]*"),"cache_control":\{"type":"ephemeral"\}\}\]/, '$1'));
        expect(body.startsWith(`{"model":"anthropic/claude-sonnet-4.5","messages":[${before.slice(0, moved).join(',')}`)).toBe(true);
      }
      before = now;
    }
  });

  it('is left out for the rest of the session once the server refuses it by name', () => {
    const params = buildChatParams(claude, context([user('go')]));
    const fallback = findFallback('messages.0.content.0.cache_control: Extra inputs are not permitted', params, new Set());
    expect(fallback).toEqual({ feature: 'cache_control', learn: { supportsCacheControl: false } });
    expect(breakpoints(buildChatParams(at('openrouter', 'anthropic/claude-sonnet-4.5', fallback!.learn), context([user('go')])))).toBe(0);
  });
});
