// Asks the model for a summary of the older part of the conversation (prompts/compaction.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Model, StreamFn } from '../ai/types.js';
import type { Message } from '../ai/types.js';
import { packageRoot } from '../config/paths.js';
import { transcriptText } from './compaction.js';

export async function summarize(o: {
  streamFn: StreamFn;
  model: Model;
  messages: readonly Message[];
  focus?: string;
  signal?: AbortSignal;
}): Promise<string> {
  const template = readFileSync(join(packageRoot(), 'prompts', 'compaction.md'), 'utf8');
  const systemPrompt = template.replace('{{focus}}', o.focus ? `\nPay particular attention to: ${o.focus}\n` : '').trimEnd();
  const request: Message = {
    role: 'user',
    content: `Summarise this conversation as instructed.\n\n<conversation>\n${transcriptText(o.messages)}\n</conversation>`,
    timestamp: Date.now(),
  };
  const result = await o.streamFn(o.model, { systemPrompt, messages: [request] }, { signal: o.signal }).result();
  if (result.stopReason === 'error' || result.stopReason === 'aborted') {
    throw new Error(result.errorMessage ?? `the summary request ended: ${result.stopReason}`);
  }
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('').trim();
  if (!text) throw new Error('the model returned an empty summary');
  return text;
}
