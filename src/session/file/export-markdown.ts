// A conversation as Markdown (/export): the user's messages, the answers, and each tool call with
// its arguments and (bounded) result, in order. Pure.
import { textOf } from '../../ai/content.js';
import type { AssistantMessage, Message, ToolResultMessage, UserMessage } from '../../ai/types.js';
import { isRunNote } from '../prompt/run-note.js';

/** Tool results longer than this are cut in the export (the session file keeps them whole). */
const MAX_RESULT_CHARS = 4000;

export interface ExportHeader {
  sessionId: string;
  model: string;
  cwd: string;
  exportedAt: Date;
}

/** A fence longer than any backtick run in the text, so the text cannot close it. */
function fence(text: string, info = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${info}\n${text.replace(/\n+$/, '')}\n${ticks}`;
}

function userText(m: UserMessage): string {
  return textOf(m.content, { separator: '\n', image: '[image]' });
}

function assistantPart(m: AssistantMessage): string[] {
  const out: string[] = [];
  for (const c of m.content) {
    if (c.type === 'text' && c.text.trim()) out.push(c.text.trim());
    else if (c.type === 'thinking' && c.thinking.trim()) out.push(`<details><summary>thinking</summary>\n\n${c.thinking.trim()}\n\n</details>`);
    else if (c.type === 'toolCall') out.push(`**tool call: ${c.name}**\n\n${fence(JSON.stringify(c.arguments ?? {}, null, 2), 'json')}`);
  }
  if (m.stopReason === 'error') out.push(`_the model call failed: ${m.errorMessage ?? 'no reason given'}_`);
  if (m.stopReason === 'aborted') out.push('_interrupted_');
  return out;
}

function resultPart(m: ToolResultMessage): string {
  const text = textOf(m.content, { separator: '\n', image: '[image]' });
  const cut = text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}\n… ${text.length - MAX_RESULT_CHARS} more characters` : text;
  return `**${m.isError ? 'tool error' : 'tool result'}: ${m.toolName}**\n\n${fence(cut || '(empty)')}`;
}

export function conversationMarkdown(messages: readonly Message[], h: ExportHeader): string {
  const parts = [
    `# tack session ${h.sessionId.slice(0, 8)}`,
    `- session: ${h.sessionId}\n- model: ${h.model}\n- directory: ${h.cwd}\n- exported: ${h.exportedAt.toISOString()}`,
  ];
  let speaker: 'user' | 'assistant' | null = null;
  // tack's notes to the model (the date, the git state) are not the user's words
  for (const m of messages.filter((x) => !isRunNote(x))) {
    if (m.role === 'user') {
      parts.push('## You', userText(m).trim());
      speaker = 'user';
    } else if (m.role === 'assistant') {
      if (speaker !== 'assistant') parts.push('## tack');
      parts.push(...assistantPart(m));
      speaker = 'assistant';
    } else parts.push(resultPart(m));
  }
  return `${parts.join('\n\n')}\n`;
}
