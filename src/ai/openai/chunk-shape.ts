// What a Chat Completions chunk may look like, checked cheaply per chunk, and readers for the
// shapes a delta takes besides plain strings: content as a list of parts (Mistral: `text` parts and
// `thinking` parts that hold text parts) and `reasoning_details` items (OpenRouter, Snowflake
// Cortex). Pure; the assembler decides which block each piece goes to.
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { SealedReasoning } from '../types.js';

/**
 * A chunk that is JSON but not a Chat Completions chunk (`"tool_calls": "x"`, a delta that is a
 * number). It fails the attempt like a dropped stream: nothing in it becomes text or a tool call.
 */
export class ChunkShapeError extends Error {}

/** A part of an array content. Other part types (references, images) carry nothing tack shows. */
export interface ContentPart {
  type?: unknown;
  text?: unknown;
  thinking?: unknown;
}

/** One `reasoning_details` item, as OpenRouter documents it. */
export interface ReasoningDetail {
  type?: unknown;
  text?: unknown;
  summary?: unknown;
  data?: unknown;
  signature?: unknown;
  id?: unknown;
  format?: unknown;
  index?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optional = (v: unknown, type: 'string' | 'number') => v === undefined || v === null || typeof v === type;
const wrong = (what: string) => new ChunkShapeError(what);

/** Throws unless `chunk` has the shape the assembler reads; a few `typeof`s, so cheap per chunk. */
export function checkShape(chunk: unknown): asserts chunk is ChatCompletionChunk {
  if (!isObject(chunk)) throw wrong('a chunk that is not an object');
  const choices = chunk.choices;
  if (choices === undefined || choices === null) return;
  if (!Array.isArray(choices)) throw wrong('"choices" that is not a list');
  const choice: unknown = choices[0];
  if (choice === undefined) return;
  if (!isObject(choice)) throw wrong('a choice that is not an object');
  if (!optional(choice.finish_reason, 'string')) throw wrong('a "finish_reason" that is not a string');
  const delta = choice.delta;
  if (delta === undefined || delta === null) return;
  if (!isObject(delta)) throw wrong('a "delta" that is not an object');
  const content = delta.content;
  if (!optional(content, 'string') && !isList(content)) throw wrong('a "content" that is neither a string nor a list of parts');
  for (const key of ['reasoning_content', 'reasoning', 'refusal'] as const) {
    if (!optional(delta[key], 'string')) throw wrong(`a "${key}" that is not a string`);
  }
  const details = delta.reasoning_details;
  if (details !== undefined && details !== null && !isList(details)) throw wrong('"reasoning_details" that is not a list of objects');
  const calls = delta.tool_calls;
  if (calls === undefined || calls === null) return;
  if (!Array.isArray(calls)) throw wrong('"tool_calls" that is not a list');
  for (const call of calls) {
    if (!isObject(call) || !optional(call.id, 'string') || !optional(call.index, 'number')) throw wrong('a tool call fragment of the wrong shape');
    const fn = call.function;
    if (fn === undefined || fn === null) continue;
    if (!isObject(fn) || !optional(fn.name, 'string') || !optional(fn.arguments, 'string')) throw wrong('a tool call "function" of the wrong shape');
  }
}

/** A list whose items are all objects (parts, details). */
function isList(v: unknown): v is Record<string, unknown>[] {
  return Array.isArray(v) && v.every(isObject);
}

/** The text a part shows as the answer, or '' for parts that are not text. */
export function partText(part: ContentPart): string {
  return part.type === 'text' && typeof part.text === 'string' ? part.text : '';
}

/** The thinking a `thinking` part holds: a list of text parts (or, leniently, a plain string). */
export function partThinking(part: ContentPart): string {
  if (part.type !== 'thinking') return '';
  const inner = part.thinking;
  if (typeof inner === 'string') return inner;
  if (!Array.isArray(inner)) return '';
  let text = '';
  for (const p of inner) if (isObject(p) && typeof p.text === 'string') text += p.text;
  return text;
}

export type DetailKind = 'text' | 'summary' | 'encrypted';

/** The kind of a reasoning detail, or undefined for kinds tack does not know (left out). */
export function detailKind(detail: ReasoningDetail): DetailKind | undefined {
  if (detail.type === 'reasoning.text') return 'text';
  if (detail.type === 'reasoning.summary') return 'summary';
  if (detail.type === 'reasoning.encrypted') return 'encrypted';
  return undefined;
}

/** The readable text of a detail: the reasoning, or its summary; '' for an encrypted one. */
export function detailText(detail: ReasoningDetail): string {
  const text = detail.type === 'reasoning.text' ? detail.text : detail.type === 'reasoning.summary' ? detail.summary : undefined;
  return typeof text === 'string' ? text : '';
}

/**
 * Which item a streamed detail continues: items arrive in fragments sharing their type and index
 * (a signature often alone, in the last fragment).
 */
export function detailKey(detail: ReasoningDetail): string {
  return `${String(detail.type)}#${typeof detail.index === 'number' ? detail.index : ''}`;
}

/** What of a detail must go back to the server as it came; merged into `into`, created when needed. */
export function sealDetail(detail: ReasoningDetail, into: SealedReasoning | undefined): SealedReasoning | undefined {
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const id = str(detail.id);
  const signature = str(detail.signature);
  const encrypted = detail.type === 'reasoning.encrypted' ? str(detail.data) : undefined;
  const scheme = str(detail.format);
  if (!id && !signature && !encrypted && !scheme) return into;
  const sealed = into ?? {};
  if (id) sealed.id = id;
  if (signature) sealed.signature = signature;
  if (encrypted) sealed.encrypted = encrypted;
  if (scheme) sealed.scheme = scheme;
  return sealed;
}
