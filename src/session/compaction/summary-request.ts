// The summary request: the older part of the conversation exactly as the model calls sent it (the same
// system prompt, tools, messages and options, so a server's prompt cache serves all of it), then the
// instruction (prompts/compaction.md): the server prefills only that instruction.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textOf } from '../../ai/content.js';
import type { Context, Message, Model, StreamFn, StreamOptions } from '../../ai/types.js';
import { packageRoot } from '../../config/paths.js';

/** What a model call of the run would send for these messages (Agent.request). */
export type RequestFor = (messages: readonly Message[], signal?: AbortSignal) => Promise<{ context: Context; options: StreamOptions }>;

export interface SummaryRequest {
  request: RequestFor;
  streamFn: StreamFn;
  model: Model;
  /** the messages the summary replaces */
  older: readonly Message[];
  focus?: string;
  /** the summary's length, at most */
  words: number;
  signal?: AbortSignal;
}

export async function summarize(o: SummaryRequest): Promise<string> {
  const { context, options } = await o.request(o.older, o.signal);
  const messages = withInstruction(context.messages, instruction(o.focus, o.words));
  const result = await (await o.streamFn(o.model, { ...context, messages }, options)).result();
  if (result.stopReason === 'error' || result.stopReason === 'aborted') {
    throw new Error(result.errorMessage ?? `the summary request ended: ${result.stopReason}`);
  }
  const text = textOf(result.content).trim();
  if (!text) throw new Error('the model returned an empty summary');
  return text;
}

function instruction(focus: string | undefined, words: number): string {
  const template = readFileSync(join(packageRoot(), 'prompts', 'compaction.md'), 'utf8');
  return template
    .replace('{{words}}', String(words))
    .replace('{{focus}}', focus ? `\nPay particular attention to: ${focus}\n` : '')
    .trimEnd();
}

/**
 * The instruction as one more user message; after a user message it goes at that message's end
 * instead (some chat templates refuse two user messages in a row), which costs the cache only the
 * message's closing token.
 */
export function withInstruction(messages: readonly Message[], text: string): Message[] {
  const last = messages.at(-1);
  if (last?.role !== 'user') return [...messages, { role: 'user', content: text, timestamp: Date.now() }];
  const content = typeof last.content === 'string' ? `${last.content}\n\n${text}` : [...last.content, { type: 'text' as const, text }];
  return [...messages.slice(0, -1), { ...last, content }];
}
