// Servers that refuse part of a standard request say so in a 400 (or 422) naming the part:
// "Unrecognized request argument supplied: stream_options", "Invalid role: developer", ...
// Each fallback here recognises one such refusal of something the request really contained and
// names the compat flags that leave it out (or use the older form). The adapter retries once with
// them and keeps them for the rest of the session.
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { CompatFlags } from '../types.js';

export interface Fallback {
  /** what is left out, for notes and tests */
  feature: string;
  learn: CompatFlags;
}

interface Rule {
  feature: string;
  /** the server's words name it */
  named: RegExp;
  /** the request really had it */
  sent: (params: ChatCompletionCreateParamsStreaming) => boolean;
  learn: CompatFlags;
}

type Loose = Record<string, unknown>;
const messages = (params: ChatCompletionCreateParamsStreaming) => params.messages as unknown as Loose[];

const RULES: Rule[] = [
  // first: a refusal of a breakpoint on an image part names the image too
  {
    feature: 'cache_control',
    named: /cache_control/i,
    sent: (p) => messages(p).some((m) => Array.isArray(m.content) && (m.content as Loose[]).some((part) => part.cache_control !== undefined)),
    learn: { supportsCacheControl: false },
  },
  { feature: 'prompt_cache_key', named: /prompt_cache_key/i, sent: (p) => p.prompt_cache_key != null, learn: { supportsPromptCacheKey: false } },
  { feature: 'stream_options', named: /stream_options|include_usage/i, sent: (p) => p.stream_options !== undefined, learn: { supportsStreamOptions: false } },
  {
    feature: 'max_completion_tokens',
    named: /max_completion_tokens/i,
    sent: (p) => p.max_completion_tokens !== undefined,
    learn: { maxTokensField: 'max_tokens' },
  },
  // The reverse: OpenAI's reasoning models refuse the older field and name the newer one.
  { feature: 'max_tokens', named: /(?<![a-z_])max_tokens/i, sent: (p) => p.max_tokens !== undefined, learn: { maxTokensField: 'max_completion_tokens' } },
  { feature: 'developer role', named: /developer/i, sent: (p) => messages(p).some((m) => m.role === 'developer'), learn: { supportsDeveloperRole: false } },
  {
    feature: 'parallel_tool_calls',
    named: /parallel[_ ]?tool[_ ]?calls/i,
    sent: (p) => p.parallel_tool_calls !== undefined,
    learn: { supportsParallelToolCalls: false },
  },
  { feature: 'tool_choice', named: /tool[_ ]?choice/i, sent: (p) => p.tool_choice !== undefined, learn: { supportsToolChoice: false } },
  {
    feature: 'strict',
    named: /\bstrict\b/i,
    sent: (p) => (p.tools ?? []).some((t) => t.type === 'function' && t.function.strict !== undefined),
    learn: { supportsStrictTools: false },
  },
  { feature: 'reasoning_effort', named: /reasoning[_ ]?effort/i, sent: (p) => p.reasoning_effort !== undefined, learn: { supportsReasoningEffort: false } },
  {
    feature: 'reasoning replay',
    named: /reasoning_content|reasoning_details|\breasoning\b(?![_ ]?effort)|think/i,
    sent: (p) =>
      messages(p).some(
        (m) =>
          m.role === 'assistant' &&
          (m.reasoning_content !== undefined ||
            m.reasoning !== undefined ||
            m.reasoning_details !== undefined ||
            String(m.content ?? '').startsWith('<think>')),
      ),
    learn: { replayReasoning: false },
  },
  {
    feature: 'images',
    named: /image|vision|multi-?modal/i,
    sent: (p) => messages(p).some((m) => Array.isArray(m.content) && (m.content as Loose[]).some((part) => part.type === 'image_url')),
    learn: { supportsImages: false },
  },
];

/** The first fallback that answers this refusal of this request and has not been tried yet. */
export function findFallback(detail: string, params: ChatCompletionCreateParamsStreaming, tried: ReadonlySet<string>): Fallback | undefined {
  const rule = RULES.find((r) => !tried.has(r.feature) && r.named.test(detail) && r.sent(params));
  return rule && { feature: rule.feature, learn: rule.learn };
}
