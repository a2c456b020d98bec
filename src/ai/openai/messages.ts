// Converts our provider-neutral Context into Chat Completions request parameters (the conversation
// itself: converted-conversation.ts). What is sent follows the model's compat flags (see CompatFlags),
// which the adapter also learns at run time from servers that refuse a feature.
import type { ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { Context, Model, StreamOptions, ThinkingLevel, ToolSpec } from '../types.js';
import { convertConversation } from './converted-conversation.js';
import { markLastMessage, promptCacheKey, systemWithBreakpoint, takesBreakpoints } from './prompt-cache.js';
import { strictSchema } from './strict-tools.js';

export { IMAGE_OMITTED } from './chat-messages.js';

export function buildChatParams(model: Model, context: Context, options: StreamOptions = {}): ChatCompletionCreateParamsStreaming {
  const compat = model.compat ?? {};
  const params: ChatCompletionCreateParamsStreaming = {
    model: model.id,
    messages: convertMessages(model, context),
    stream: true,
  };
  // Without include_usage the server sends no token counts at all.
  if (compat.supportsStreamOptions !== false) params.stream_options = { include_usage: true };
  if (context.tools?.length) {
    params.tools = context.tools.map((tool) => convertTool(tool, compat.supportsStrictTools !== false));
    // Said explicitly because defaults differ between servers: tack runs independent calls of one
    // answer concurrently, and the model decides whether to call a tool at all.
    if (compat.supportsToolChoice !== false) params.tool_choice = 'auto';
    if (compat.supportsParallelToolCalls !== false) params.parallel_tool_calls = true;
  }
  if (options.maxTokens !== undefined) {
    if (compat.maxTokensField === 'max_tokens') params.max_tokens = options.maxTokens;
    else params.max_completion_tokens = options.maxTokens;
  }
  if (options.temperature !== undefined) params.temperature = options.temperature;
  if (options.slot !== undefined) (params as { id_slot?: number }).id_slot = options.slot;
  const effort = reasoningEffort(model, levelOf(options));
  if (effort.send) params.reasoning_effort = effort.send;
  const cacheKey = promptCacheKey(model, options.sessionId);
  if (cacheKey) params.prompt_cache_key = cacheKey;
  return params;
}

export interface EffortDecision {
  send?: Exclude<ThinkingLevel, 'off'>;
  /** why a thinking level other than off is not sent, for a note to the user */
  ignored?: string;
}

/** Whether (and why not) a thinking level goes out as `reasoning_effort`. */
/** The thinking level asked for: tack's `thinkingLevel`, or pi-ai's `reasoning`. */
export function levelOf(options: Pick<StreamOptions, 'thinkingLevel' | 'reasoning'>): ThinkingLevel | undefined {
  return options.thinkingLevel ?? options.reasoning;
}

export function reasoningEffort(model: Model, level: ThinkingLevel | undefined): EffortDecision {
  if (!level || level === 'off') return {};
  const support = model.compat?.supportsReasoningEffort;
  if (support === false) return { ignored: `the server behind ${model.provider} does not take a thinking level (reasoning_effort)` };
  if (support === true || model.reasoning) return { send: level };
  return { ignored: `model ${model.id} is not known to take a thinking level; set "reasoning": true for it under "models" in the settings if it does` };
}

export function convertMessages(model: Model, context: Context): ChatCompletionMessageParam[] {
  const compat = model.compat ?? {};
  const conversation = convertConversation(model, context.messages);
  const breakpoints = takesBreakpoints(model);
  if (breakpoints) markLastMessage(conversation);
  if (!context.systemPrompt) return conversation;
  // Plain servers only know 'system'; OpenAI's reasoning models prefer 'developer' but accept 'system'.
  const role = compat.supportsDeveloperRole && model.reasoning ? 'developer' : 'system';
  conversation.unshift(breakpoints ? systemWithBreakpoint(role, context.systemPrompt) : { role, content: context.systemPrompt });
  return conversation;
}

function convertTool(tool: ToolSpec, strictAllowed: boolean): ChatCompletionTool {
  const strict = strictAllowed && tool.strict !== false ? strictSchema(tool.parameters) : undefined;
  const parameters = (strict ?? tool.parameters) as Record<string, unknown>;
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters, ...(strict ? { strict: true } : {}) } };
}
