// Converts our provider-neutral Context into Chat Completions request parameters. Pure.
// What is sent follows the model's compat flags (see CompatFlags), which the adapter also learns
// at run time from servers that refuse a feature.
import type {
  ChatCompletionContentPart,
  ChatCompletionContentPartText,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type {
  AssistantMessage,
  CompatFlags,
  Context,
  ImageContent,
  Model,
  StreamOptions,
  ThinkingContent,
  ThinkingLevel,
  ToolResultMessage,
  ToolSpec,
  UserMessage,
} from '../types.js';
import { textOf } from '../content.js';
import { strictSchema } from './strict-tools.js';
import { ToolCallIds } from './tool-ids.js';

export const IMAGE_OMITTED = '(image omitted: this model does not accept images)';

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
  const effort = reasoningEffort(model, levelOf(options));
  if (effort.send) params.reasoning_effort = effort.send;
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
  const out: ChatCompletionMessageParam[] = [];
  if (context.systemPrompt) {
    // Plain servers only know 'system'; OpenAI's reasoning models prefer 'developer' but accept 'system'.
    const role = compat.supportsDeveloperRole && model.reasoning ? 'developer' : 'system';
    out.push({ role, content: context.systemPrompt });
  }
  const ids = new ToolCallIds();
  // Reasoning is replayed only within the current turn (after the last user message), where
  // servers that keep it (DeepSeek tool loops, Qwen templates) expect it; older turns never need it.
  const lastUser = context.messages.findLastIndex((m) => m.role === 'user');
  const replay = compat.replayReasoning !== false;
  // Tool messages must directly follow their assistant message, so images from tool results are
  // collected and sent as one user message after the last tool message of the batch.
  let pendingImages: ImageContent[] = [];
  const flushImages = () => {
    if (!pendingImages.length) return;
    out.push({ role: 'user', content: [{ type: 'text', text: 'Images returned by the tool calls above:' }, ...pendingImages.map(imagePart)] });
    pendingImages = [];
  };
  context.messages.forEach((message, i) => {
    if (message.role !== 'toolResult') flushImages();
    if (message.role === 'user') out.push(convertUser(message, compat));
    else if (message.role === 'assistant') {
      const sameModel = message.provider === model.provider && message.model === model.id;
      const converted = convertAssistant(message, ids, replay && sameModel && i > lastUser);
      if (converted) out.push(converted);
    } else {
      const images = message.content.filter((c): c is ImageContent => c.type === 'image');
      const acceptsImages = compat.supportsImages !== false;
      out.push(convertToolResult(message, ids, images.length > 0 && !acceptsImages));
      if (acceptsImages) pendingImages.push(...images);
    }
  });
  flushImages();
  return out;
}

function convertUser(message: UserMessage, compat: CompatFlags): ChatCompletionMessageParam {
  if (typeof message.content === 'string') return { role: 'user', content: message.content };
  // Text-only parts become one string: some servers accept nothing else.
  if (compat.supportsImages === false || message.content.every((c) => c.type === 'text')) {
    return { role: 'user', content: message.content.map((c) => (c.type === 'text' ? c.text : IMAGE_OMITTED)).join('\n') };
  }
  const parts: ChatCompletionContentPart[] = message.content.map((c) => (c.type === 'text' ? textPart(c.text) : imagePart(c)));
  return { role: 'user', content: parts };
}

/** Empty answers (e.g. aborted before any text) are skipped. Thinking is sent back only when `replay`. */
function convertAssistant(message: AssistantMessage, ids: ToolCallIds, replay: boolean): ChatCompletionMessageParam | null {
  let text = textOf(message.content, { separator: '\n' });
  ids.startMessage();
  const toolCalls = message.content.flatMap((c) =>
    c.type === 'toolCall' ? [{ id: ids.forCall(c.id), type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.arguments) } }] : [],
  );
  const fields: Record<string, unknown> = {};
  if (replay) {
    const thinking = message.content.filter((c): c is ThinkingContent => c.type === 'thinking' && (c.thinking !== '' || c.sealed !== undefined));
    const tagged = thinking.filter((c) => c.format === 'think_tag').map((c) => c.thinking);
    if (tagged.length) text = `<think>\n${tagged.join('\n')}\n</think>\n\n${text}`;
    for (const field of ['reasoning_content', 'reasoning'] as const) {
      const parts = thinking.filter((c) => c.format === field).map((c) => c.thinking);
      if (parts.length) fields[field] = parts.join('\n');
    }
    const details = thinking.filter((c) => c.format === 'reasoning_details').map(reasoningDetail);
    if (details.length) fields.reasoning_details = details;
  }
  if (!text && !toolCalls.length && !Object.keys(fields).length) return null;
  return { role: 'assistant', content: text || null, ...fields, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
}

/** A thinking block back as the `reasoning_details` item it came as (OpenRouter asks for them unchanged). */
function reasoningDetail(block: ThinkingContent, index: number): Record<string, unknown> {
  const { id, signature, encrypted, scheme } = block.sealed ?? {};
  const item: Record<string, unknown> = encrypted
    ? { type: 'reasoning.encrypted', data: encrypted }
    : block.summary
      ? { type: 'reasoning.summary', summary: block.thinking }
      : { type: 'reasoning.text', text: block.thinking, ...(signature ? { signature } : {}) };
  return { ...item, ...(id ? { id } : {}), ...(scheme ? { format: scheme } : {}), index };
}

function convertToolResult(message: ToolResultMessage, ids: ToolCallIds, imagesOmitted: boolean): ChatCompletionMessageParam {
  const text = textOf(message.content, { separator: '\n' });
  const hasImages = message.content.some((c) => c.type === 'image');
  let content = text;
  if (imagesOmitted) content = text ? `${text}\n${IMAGE_OMITTED}` : IMAGE_OMITTED;
  // Some servers reject an empty tool message.
  else if (!content) content = hasImages ? '(see the images below)' : '(no output)';
  return { role: 'tool', tool_call_id: ids.forResult(message.toolCallId), content };
}

function convertTool(tool: ToolSpec, strictAllowed: boolean): ChatCompletionTool {
  const strict = strictAllowed && tool.strict !== false ? strictSchema(tool.parameters) : undefined;
  const parameters = (strict ?? tool.parameters) as Record<string, unknown>;
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters, ...(strict ? { strict: true } : {}) } };
}

function textPart(text: string): ChatCompletionContentPartText {
  return { type: 'text', text };
}

function imagePart(image: ImageContent): ChatCompletionContentPart {
  return { type: 'image_url', image_url: { url: `data:${image.mimeType};base64,${image.data}` } };
}
