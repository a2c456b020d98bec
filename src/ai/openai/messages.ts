// Converts our provider-neutral Context into Chat Completions request parameters. Pure.
import type {
  ChatCompletionContentPart,
  ChatCompletionContentPartText,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { AssistantMessage, CompatFlags, Context, ImageContent, Model, StreamOptions, TextContent, ToolResultMessage, UserMessage } from '../types.js';

const IMAGE_OMITTED = '(image omitted: this model does not accept images)';

export function buildChatParams(model: Model, context: Context, options: StreamOptions = {}): ChatCompletionCreateParamsStreaming {
  const compat = model.compat ?? {};
  const params: ChatCompletionCreateParamsStreaming = {
    model: model.id,
    messages: convertMessages(model, context),
    stream: true,
  };
  // Without include_usage the server sends no token counts at all.
  if (compat.supportsStreamOptions !== false) params.stream_options = { include_usage: true };
  if (context.tools?.length) params.tools = context.tools.map(convertTool);
  if (options.maxTokens !== undefined) {
    if (compat.maxTokensField === 'max_tokens') params.max_tokens = options.maxTokens;
    else params.max_completion_tokens = options.maxTokens;
  }
  if (options.temperature !== undefined) params.temperature = options.temperature;
  const level = options.thinkingLevel;
  if (model.reasoning && compat.supportsReasoningEffort !== false && level && level !== 'off') params.reasoning_effort = level;
  return params;
}

export function convertMessages(model: Model, context: Context): ChatCompletionMessageParam[] {
  const compat = model.compat ?? {};
  const out: ChatCompletionMessageParam[] = [];
  if (context.systemPrompt) {
    // Plain servers only know 'system'; OpenAI's reasoning models prefer 'developer' but accept 'system'.
    const role = compat.supportsDeveloperRole && model.reasoning ? 'developer' : 'system';
    out.push({ role, content: context.systemPrompt });
  }
  // Tool messages must directly follow their assistant message, so images from tool results are
  // collected and sent as one user message after the last tool message of the batch.
  let pendingImages: ImageContent[] = [];
  const flushImages = () => {
    if (!pendingImages.length) return;
    out.push({ role: 'user', content: [{ type: 'text', text: 'Images returned by the tool calls above:' }, ...pendingImages.map((img) => imagePart(img, compat))] });
    pendingImages = [];
  };
  for (const message of context.messages) {
    if (message.role !== 'toolResult') flushImages();
    if (message.role === 'user') out.push(convertUser(message, compat));
    else if (message.role === 'assistant') {
      const converted = convertAssistant(message);
      if (converted) out.push(converted);
    } else {
      out.push(convertToolResult(message));
      pendingImages.push(...message.content.filter((c): c is ImageContent => c.type === 'image'));
    }
  }
  flushImages();
  return out;
}

function convertUser(message: UserMessage, compat: CompatFlags): ChatCompletionMessageParam {
  if (typeof message.content === 'string') return { role: 'user', content: message.content };
  // Text-only parts become one string: some servers accept nothing else.
  if (message.content.every((c) => c.type === 'text')) return { role: 'user', content: joinText(message.content) };
  const parts: ChatCompletionContentPart[] = message.content.map((c) => (c.type === 'text' ? textPart(c.text) : imagePart(c, compat)));
  return { role: 'user', content: parts };
}

/** Thinking is not sent back: servers reject or ignore it, and it costs input tokens. Empty answers are skipped. */
function convertAssistant(message: AssistantMessage): ChatCompletionMessageParam | null {
  const text = joinText(message.content.filter((c): c is TextContent => c.type === 'text'));
  const toolCalls = message.content.flatMap((c) =>
    c.type === 'toolCall' ? [{ id: c.id, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.arguments) } }] : [],
  );
  if (!text && !toolCalls.length) return null;
  return { role: 'assistant', content: text || null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) };
}

function convertToolResult(message: ToolResultMessage): ChatCompletionMessageParam {
  const text = joinText(message.content.filter((c): c is TextContent => c.type === 'text'));
  const hasImages = message.content.some((c) => c.type === 'image');
  // Some servers reject an empty tool message.
  const content = text || (hasImages ? '(see the images below)' : '(no output)');
  return { role: 'tool', tool_call_id: message.toolCallId, content };
}

function convertTool(tool: { name: string; description: string; parameters: unknown }): ChatCompletionTool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters as Record<string, unknown> } };
}

function textPart(text: string): ChatCompletionContentPartText {
  return { type: 'text', text };
}

function imagePart(image: ImageContent, compat: CompatFlags): ChatCompletionContentPart {
  if (compat.supportsImages === false) return textPart(IMAGE_OMITTED);
  return { type: 'image_url', image_url: { url: `data:${image.mimeType};base64,${image.data}` } };
}

function joinText(parts: TextContent[]): string {
  return parts.map((p) => p.text).join('\n');
}
