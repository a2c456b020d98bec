// One message of the conversation at a time, into Chat Completions' shape. Pure, except for the state
// a conversion carries from message to message (tool-call ids, images waiting for their batch's end).
import type { ChatCompletionContentPart, ChatCompletionContentPartText, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AssistantMessage, CompatFlags, ImageContent, Message, Model, ThinkingContent, ToolResultMessage, UserMessage } from '../types.js';
import { textOf } from '../content.js';
import { ToolCallIds } from './tool-ids.js';

export const IMAGE_OMITTED = '(image omitted: this model does not accept images)';

/** A conversion under way: what is converted so far, and what the next message's conversion needs. */
export interface Conversion {
  out: ChatCompletionMessageParam[];
  ids: ToolCallIds;
  /** images of the tool results so far in this batch: one user message after its last result */
  pendingImages: ImageContent[];
  /** the index of the last user message: reasoning is replayed only after it */
  lastUser: number;
}

export function startConversion(lastUser: number): Conversion {
  return { out: [], ids: new ToolCallIds(), pendingImages: [], lastUser };
}

/** What a message's converted form depends on besides the message and its place. */
export function conversionSettings(model: Model): string {
  const compat = model.compat ?? {};
  return JSON.stringify([model.provider, model.id, compat.supportsImages !== false, compat.replayReasoning !== false]);
}

/** Converts message `i` onto `c.out`. */
export function convertOne(c: Conversion, model: Model, message: Message, i: number): void {
  const compat = model.compat ?? {};
  if (message.role !== 'toolResult') flushImages(c);
  if (message.role === 'user') c.out.push(convertUser(message, compat));
  else if (message.role === 'assistant') {
    // Reasoning is replayed only within the current turn (after the last user message), where
    // servers that keep it (DeepSeek tool loops, Qwen templates) expect it; older turns never need it.
    const sameModel = message.provider === model.provider && message.model === model.id;
    const converted = convertAssistant(message, c.ids, compat.replayReasoning !== false && sameModel && i > c.lastUser);
    if (converted) c.out.push(converted);
  } else {
    // Tool messages must directly follow their assistant message, so images from tool results are
    // collected and sent as one user message after the last tool message of the batch.
    const images = message.content.filter((p): p is ImageContent => p.type === 'image');
    const acceptsImages = compat.supportsImages !== false;
    c.out.push(convertToolResult(message, c.ids, images.length > 0 && !acceptsImages));
    if (acceptsImages) c.pendingImages.push(...images);
  }
}

/** The user message that carries the batch's images, if any are waiting. */
export function imagesMessage(images: readonly ImageContent[]): ChatCompletionMessageParam | undefined {
  if (!images.length) return undefined;
  return { role: 'user', content: [{ type: 'text', text: 'Images returned by the tool calls above:' }, ...images.map(imagePart)] };
}

function flushImages(c: Conversion): void {
  const message = imagesMessage(c.pendingImages);
  if (message) c.out.push(message);
  c.pendingImages = [];
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

function textPart(text: string): ChatCompletionContentPartText {
  return { type: 'text', text };
}

function imagePart(image: ImageContent): ChatCompletionContentPart {
  return { type: 'image_url', image_url: { url: `data:${image.mimeType};base64,${image.data}` } };
}
