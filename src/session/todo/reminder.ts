// When the model has left its list alone for a few turns while items are open, its next request
// carries one short reminder of the open items. Pure: what the request holds is derived from the
// transcript, and where a reminder went is remembered by the message it was added to.
import type { AgentMessage } from '../../agent/types.js';
import type { Message } from '../../ai/types.js';
import { isOpen, TODO_TOOL, type TodoItem } from './list.js';

/** Model turns without a todo call before a reminder. */
export const STALE_TURNS = 3;
/** Open items named in a reminder, and characters of each: it must fit a small model's window. */
const MAX_ITEMS = 10;
const MAX_TEXT = 100;

const callsTodo = (m: AgentMessage): boolean =>
  (m as Message).role === 'assistant' && (m as Extract<Message, { role: 'assistant' }>).content.some((c) => c.type === 'toolCall' && c.name === TODO_TOOL);

/** Model turns since the last one that called the todo tool (all of them when none did). */
export function turnsSinceTodo(messages: readonly AgentMessage[]): number {
  let turns = 0;
  for (let i = messages.length - 1; i >= 0 && !callsTodo(messages[i]); i--) if ((messages[i] as Message).role === 'assistant') turns++;
  return turns;
}

/** The reminder for these items, or undefined when none is open. */
export function reminderText(items: readonly TodoItem[], turns: number): string | undefined {
  const open = items.filter(isOpen);
  if (open.length === 0) return undefined;
  const cut = (t: string) => (t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT - 1)}…` : t);
  const lines = open.slice(0, MAX_ITEMS).map((i) => `${i.status === 'in_progress' ? '[>]' : '[ ]'} ${i.id}. ${cut(i.text)}`);
  if (open.length > MAX_ITEMS) lines.push(`… and ${open.length - MAX_ITEMS} more`);
  return [
    `<reminder>Your todo list has not changed in ${turns} turns; ${open.length} item${open.length === 1 ? ' is' : 's are'} open:`,
    ...lines,
    'If you finished or started one, update it with the todo tool (done, in_progress, or cancelled when no longer needed).</reminder>',
  ].join('\n');
}

/** A copy of a user message or tool result with `text` after its content; other messages as they are. */
export function withText(m: AgentMessage, text: string): AgentMessage {
  const message = m as Message;
  if (message.role === 'user') {
    const content = typeof message.content === 'string' ? `${message.content}\n\n${text}` : [...message.content, { type: 'text' as const, text }];
    return { ...message, content };
  }
  if (message.role === 'toolResult') return { ...message, content: [...message.content, { type: 'text', text }] };
  return m;
}

/**
 * Reminders pinned to the message they follow: once given, a reminder stays where it was in every
 * later request (a server's cache of the conversation stays good) and is not given again until the
 * model touches the list and leaves it stale once more. A message compacted away takes its pin along.
 */
export class Reminders {
  private readonly pins = new WeakMap<object, string>();
  /** each pinned message with its reminder, made once: the same object in every request, which the request builder converts once */
  private readonly copies = new WeakMap<object, AgentMessage>();
  private pinned = false;

  /** The transcript for one model call: the pinned reminders in, and a new one if the list is stale. */
  apply(messages: AgentMessage[], items: readonly TodoItem[]): AgentMessage[] {
    // the common case, no list: the transcript as it is, without a walk or a copy per model call
    if (!this.pinned && !items.some(isOpen)) return messages;
    const last = messages.at(-1);
    if (last && this.stale(messages)) {
      const text = reminderText(items, turnsSinceTodo(messages));
      if (text && withText(last, text) !== last) {
        this.pins.set(last, text);
        this.pinned = true;
      }
    }
    return messages.map((m) => {
      const text = this.pins.get(m as object);
      if (!text) return m;
      const copy = this.copies.get(m as object) ?? withText(m, text);
      this.copies.set(m as object, copy);
      return copy;
    });
  }

  /** Stale: enough turns without a todo call, and no reminder since the last one. */
  private stale(messages: readonly AgentMessage[]): boolean {
    for (let i = messages.length - 1; i >= 0 && !callsTodo(messages[i]); i--) if (this.pins.has(messages[i] as object)) return false;
    return turnsSinceTodo(messages) >= STALE_TURNS;
  }
}
