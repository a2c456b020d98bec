// Asks the model for a summary of the older part of the conversation (prompts/compaction.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textOf } from '../../ai/content.js';
import type { Message, Model, StreamFn } from '../../ai/types.js';
import { packageRoot } from '../../config/paths.js';

export async function summarize(o: { streamFn: StreamFn; model: Model; messages: readonly Message[]; focus?: string; signal?: AbortSignal }): Promise<string> {
  const template = readFileSync(join(packageRoot(), 'prompts', 'compaction.md'), 'utf8');
  const systemPrompt = template.replace('{{focus}}', o.focus ? `\nPay particular attention to: ${o.focus}\n` : '').trimEnd();
  const request: Message = {
    role: 'user',
    content: `Summarise this conversation as instructed.\n\n<conversation>\n${transcriptText(o.messages)}\n</conversation>`,
    timestamp: Date.now(),
  };
  const result = await (await o.streamFn(o.model, { systemPrompt, messages: [request] }, { signal: o.signal })).result();
  if (result.stopReason === 'error' || result.stopReason === 'aborted') {
    throw new Error(result.errorMessage ?? `the summary request ended: ${result.stopReason}`);
  }
  const text = textOf(result.content).trim();
  if (!text) throw new Error('the model returned an empty summary');
  return text;
}

/** The conversation as plain text for the summariser (tool calls and results included, long ones cut). */
export function transcriptText(messages: readonly Message[], maxPerMessage = 6000): string {
  const clip = (t: string) =>
    t.length > maxPerMessage ? `${t.slice(0, maxPerMessage / 2)}\n[… ${t.length - maxPerMessage} characters …]\n${t.slice(-maxPerMessage / 2)}` : t;
  return messages
    .map((m) => {
      if (m.role === 'user') return `[user]\n${clip(textOf(m.content, { separator: '\n', image: '[image]' }))}`;
      if (m.role === 'toolResult')
        return `[tool result: ${m.toolName}${m.isError ? ', error' : ''}]\n${clip(textOf(m.content, { separator: '\n', image: '[image]' }))}`;
      const parts = m.content.map((c) =>
        c.type === 'text' ? c.text : c.type === 'thinking' ? '' : `[tool call: ${c.name} ${clip(JSON.stringify(c.arguments))}]`,
      );
      return `[assistant]\n${parts.filter(Boolean).join('\n')}`;
    })
    .join('\n\n');
}
