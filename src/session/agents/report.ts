// The one result a child gives its parent: its last answer when it finished; otherwise why it
// stopped, what it had written so far and the calls it made. Never empty. Pure.
import type { AgentMessage } from '../../agent/types.js';
import type { AssistantMessage, ToolCall } from '../../ai/types.js';
import { textOf } from '../../ai/content.js';

/** How a child's run ended, in the parent's words. */
export type ChildEnd = { kind: 'done' } | { kind: 'budget'; what: string } | { kind: 'aborted' } | { kind: 'error'; message: string };

const MAX_CALLS_LISTED = 20;

/** The report's own lines around what a child wrote and called: the app shows the calls from the result's details instead. */
export const REPORT_LINES = {
  wrote: 'What it wrote so far:',
  nothing: 'It wrote nothing and made no tool call.',
  calls: (n: number) => `Its tool calls (${n}):`,
} as const;

/** One call as the report and the app's expanded view list it: `grep ANSWER`. */
export function callLine(call: ToolCall): string {
  const a = call.arguments as Record<string, unknown>;
  const what = a.path ?? a.pattern ?? a.command ?? a.description;
  const text = typeof what === 'string' ? what.replace(/\s+/g, ' ') : '';
  return `${call.name}${text ? ` ${text.length > 80 ? `${text.slice(0, 79)}…` : text}` : ''}`;
}

export function callsOf(messages: readonly AgentMessage[]): ToolCall[] {
  return messages.flatMap((m) =>
    (m as AssistantMessage).role === 'assistant' ? (m as AssistantMessage).content.filter((c): c is ToolCall => c.type === 'toolCall') : [],
  );
}

export function childReport(agent: string, messages: readonly AgentMessage[], end: ChildEnd): { text: string; isError: boolean } {
  const answers = messages.filter((m): m is AssistantMessage => (m as AssistantMessage).role === 'assistant');
  const last = answers.at(-1);
  const lastText = last ? textOf(last.content).trim() : '';
  if (end.kind === 'done' && lastText && !last?.content.some((c) => c.type === 'toolCall')) return { text: lastText, isError: false };
  const why =
    end.kind === 'budget'
      ? `was stopped at its budget (${end.what}) before it finished`
      : end.kind === 'aborted'
        ? 'was interrupted before it finished'
        : end.kind === 'error'
          ? `failed: ${end.message}`
          : 'ended without a final report';
  const written = answers.map((m) => textOf(m.content).trim()).filter(Boolean);
  const calls = callsOf(messages);
  const lines = [`The ${agent} agent ${why}.`];
  if (written.length > 0) lines.push('', REPORT_LINES.wrote, ...written);
  if (calls.length > 0) {
    lines.push('', REPORT_LINES.calls(calls.length), ...calls.slice(0, MAX_CALLS_LISTED).map((c) => `- ${callLine(c)}`));
    if (calls.length > MAX_CALLS_LISTED) lines.push(`- and ${calls.length - MAX_CALLS_LISTED} more`);
  }
  if (written.length === 0 && calls.length === 0) lines.push(REPORT_LINES.nothing);
  return { text: lines.join('\n'), isError: end.kind !== 'budget' };
}
