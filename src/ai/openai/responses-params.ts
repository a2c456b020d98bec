// Converts our provider-neutral Context into a Responses API request (`POST /responses`). Pure.
// Nothing is stored at the server (`store: false`): tack keeps the conversation, and a reasoning
// model's reasoning comes back encrypted, to be sent again with the next request of the same turn
// so the model goes on from it instead of thinking everything over at each tool step.
import type {
  FunctionTool,
  ResponseCreateParamsStreaming,
  ResponseInputContent,
  ResponseInputItem,
  ResponseReasoningItem,
} from 'openai/resources/responses/responses';
import type { AssistantMessage, Context, ImageContent, Model, StreamOptions, ThinkingContent, ToolResultMessage, UserMessage } from '../types.js';
import { textOf } from '../content.js';
import { IMAGE_OMITTED, levelOf, reasoningEffort } from './messages.js';
import { promptCacheKey } from './prompt-cache.js';
import { strictSchema } from './strict-tools.js';
import { ToolCallIds } from './tool-ids.js';

export function buildResponsesParams(model: Model, context: Context, options: StreamOptions = {}): ResponseCreateParamsStreaming {
  const compat = model.compat ?? {};
  const params: ResponseCreateParamsStreaming = { model: model.id, input: convertInput(model, context), stream: true, store: false };
  if (context.systemPrompt) params.instructions = context.systemPrompt;
  if (context.tools?.length) {
    params.tools = context.tools.map((tool): FunctionTool => {
      const strict = compat.supportsStrictTools !== false ? strictSchema(tool.parameters) : undefined;
      return {
        type: 'function',
        name: tool.name,
        description: tool.description,
        parameters: (strict ?? tool.parameters) as Record<string, unknown>,
        strict: strict !== undefined,
      };
    });
    if (compat.supportsToolChoice !== false) params.tool_choice = 'auto';
    if (compat.supportsParallelToolCalls !== false) params.parallel_tool_calls = true;
  }
  if (options.maxTokens !== undefined) params.max_output_tokens = options.maxTokens;
  if (options.temperature !== undefined) params.temperature = options.temperature;
  if (model.reasoning) {
    const effort = reasoningEffort(model, levelOf(options)).send;
    const summary = compat.supportsReasoningSummary !== false;
    params.reasoning = { ...(summary ? { summary: 'auto' as const } : {}), ...(effort ? { effort } : {}) };
    params.include = ['reasoning.encrypted_content'];
  }
  const cacheKey = promptCacheKey(model, options.sessionId);
  if (cacheKey) params.prompt_cache_key = cacheKey;
  return params;
}

function convertInput(model: Model, context: Context): ResponseInputItem[] {
  const acceptsImages = model.compat?.supportsImages !== false;
  const out: ResponseInputItem[] = [];
  const ids = new ToolCallIds();
  // Reasoning goes back only within the current turn (after the last user message), as with Chat.
  const lastUser = context.messages.findLastIndex((m) => m.role === 'user');
  let pendingImages: ImageContent[] = [];
  const flushImages = () => {
    if (!pendingImages.length) return;
    out.push({ role: 'user', content: [{ type: 'input_text', text: 'Images returned by the tool calls above:' }, ...pendingImages.map(inputImage)] });
    pendingImages = [];
  };
  context.messages.forEach((message, i) => {
    if (message.role !== 'toolResult') flushImages();
    if (message.role === 'user') out.push(convertUser(message, acceptsImages));
    else if (message.role === 'assistant') {
      const sameModel = message.provider === model.provider && message.model === model.id;
      out.push(...convertAssistant(message, ids, sameModel && i > lastUser));
    } else {
      const images = message.content.filter((c): c is ImageContent => c.type === 'image');
      out.push(convertToolResult(message, ids, images.length > 0 && !acceptsImages));
      if (acceptsImages) pendingImages.push(...images);
    }
  });
  flushImages();
  return out;
}

function convertUser(message: UserMessage, acceptsImages: boolean): ResponseInputItem {
  if (typeof message.content === 'string') return { role: 'user', content: message.content };
  const content: ResponseInputContent[] = message.content.map((c) =>
    c.type === 'text' ? { type: 'input_text', text: c.text } : acceptsImages ? inputImage(c) : { type: 'input_text', text: IMAGE_OMITTED },
  );
  return { role: 'user', content };
}

/** An answer's items in order: reasoning (when `replay`), text, function calls. Empty answers give none. */
function convertAssistant(message: AssistantMessage, ids: ToolCallIds, replay: boolean): ResponseInputItem[] {
  ids.startMessage();
  const out: ResponseInputItem[] = [];
  for (const block of message.content) {
    if (block.type === 'thinking') {
      if (replay && block.format === 'responses' && block.sealed?.encrypted) out.push(reasoningItem(block));
    } else if (block.type === 'text') {
      if (block.text) out.push({ role: 'assistant', content: block.text });
    } else out.push({ type: 'function_call', call_id: ids.forCall(block.id), name: block.name, arguments: JSON.stringify(block.arguments) });
  }
  return out;
}

/**
 * A reasoning item back with its summary and encrypted content, without its id: nothing is stored
 * at the server, which answers an echoed id with "Item 'rs_…' not found" (Codex leaves it out too).
 */
function reasoningItem(block: ThinkingContent): ResponseInputItem {
  const summary = block.thinking ? [{ type: 'summary_text' as const, text: block.thinking }] : [];
  return { type: 'reasoning', summary, encrypted_content: block.sealed?.encrypted ?? null } as Omit<ResponseReasoningItem, 'id'> as ResponseInputItem;
}

function convertToolResult(message: ToolResultMessage, ids: ToolCallIds, imagesOmitted: boolean): ResponseInputItem {
  const text = textOf(message.content, { separator: '\n' });
  let output = text;
  if (imagesOmitted) output = text ? `${text}\n${IMAGE_OMITTED}` : IMAGE_OMITTED;
  else if (!output) output = message.content.some((c) => c.type === 'image') ? '(see the images below)' : '(no output)';
  return { type: 'function_call_output', call_id: ids.forResult(message.toolCallId), output };
}

function inputImage(image: ImageContent): ResponseInputContent {
  return { type: 'input_image', image_url: `data:${image.mimeType};base64,${image.data}`, detail: 'auto' };
}
