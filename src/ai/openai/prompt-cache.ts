// What a hosted server's prompt cache is told, only where the server is known to take it (others may
// refuse a field they do not know). OpenAI routes a request to a machine by its prefix and its
// `prompt_cache_key`: each conversation sends its own key, a hash of its id (OpenAI takes 64
// characters at most, and no local id leaves the machine). Anthropic's and Gemini's models behind
// OpenRouter cache only up to a `cache_control` breakpoint: one on the system prompt (the tools come
// before it) and one on the last message, so each request reads what the one before it wrote.
import { createHash } from 'node:crypto';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Model } from '../types.js';

const EPHEMERAL = { type: 'ephemeral' } as const;

type Loose = Record<string, unknown>;

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname;
  } catch {
    return '';
  }
}

/** The request's `prompt_cache_key`: sent only to api.openai.com, which routes by it. */
export function promptCacheKey(model: Model, sessionId: string | undefined): string | undefined {
  if (!sessionId || model.compat?.supportsPromptCacheKey === false || hostOf(model.baseUrl) !== 'api.openai.com') return undefined;
  return `tack-${createHash('sha256').update(sessionId).digest('hex').slice(0, 32)}`;
}

/** OpenRouter's Anthropic and Gemini models cache only where a breakpoint says (at most 4 of them). */
export function takesBreakpoints(model: Model): boolean {
  if (model.compat?.supportsCacheControl === false || hostOf(model.baseUrl) !== 'openrouter.ai') return false;
  return model.id.startsWith('anthropic/') || model.id.startsWith('google/gemini');
}

/** The system prompt as one text part that ends a cached prefix. */
export function systemWithBreakpoint(role: 'system' | 'developer', text: string): ChatCompletionMessageParam {
  return { role, content: [{ type: 'text', text, cache_control: EPHEMERAL }] } as unknown as ChatCompletionMessageParam;
}

/**
 * Puts a breakpoint on the last message that can carry one in a content part (OpenRouter hangs on one
 * beside a tool message's content; an assistant message without text has no part). The message is
 * replaced by a marked copy: the converted messages, and the JSON bytes chat-body.ts keeps of each,
 * stay unmarked, so an earlier request's breakpoint never stays behind in a later body.
 */
export function markLastMessage(messages: ChatCompletionMessageParam[]): void {
  for (let i = messages.length - 1; i >= 0; i--) {
    const marked = withBreakpoint(messages[i]! as unknown as Loose);
    if (marked) {
      messages[i] = marked as unknown as ChatCompletionMessageParam;
      return;
    }
  }
}

function withBreakpoint(message: Loose): Loose | undefined {
  const content = message.content;
  if (typeof content === 'string') return content ? { ...message, content: [{ type: 'text', text: content, cache_control: EPHEMERAL }] } : undefined;
  if (!Array.isArray(content) || content.length === 0) return undefined;
  // the last part, image or text, so the whole message is in the cached prefix
  return { ...message, content: [...content.slice(0, -1), { ...(content.at(-1) as Loose), cache_control: EPHEMERAL }] };
}
