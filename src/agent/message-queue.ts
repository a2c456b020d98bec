// The steering and follow-up queues: messages typed while the agent works, taken by the loop one at
// a time or all at once, and given back whole when the user takes them (Esc).
import type { AgentMessage, QueueMode } from './types.js';

export type QueueKind = 'steer' | 'followUp';

export interface QueuedMessage {
  kind: QueueKind;
  /** what was typed (a message with parts carries it first; attached files follow it) */
  text: string;
  message: AgentMessage;
}

function textOf(message: AgentMessage): string {
  const content = (message as { content?: unknown }).content;
  if (typeof content === 'string') return content;
  const first = Array.isArray(content) ? content[0] : undefined;
  return first?.type === 'text' ? first.text : '';
}

export class MessageQueues {
  /** both kinds, in the order they were queued */
  private items: QueuedMessage[] = [];
  readonly modes: Record<QueueKind, QueueMode>;

  constructor(steering: QueueMode, followUp: QueueMode) {
    this.modes = { steer: steering, followUp };
  }

  add(kind: QueueKind, message: AgentMessage): void {
    this.items.push({ kind, text: textOf(message), message });
  }

  /** Takes the next message of `kind`, or all of them in mode 'all'. */
  drain(kind: QueueKind): AgentMessage[] {
    const ofKind = this.items.filter((q) => q.kind === kind);
    const taken = this.modes[kind] === 'all' ? ofKind : ofKind.slice(0, 1);
    if (taken.length === 0) return [];
    this.items = this.items.filter((q) => !taken.includes(q));
    return taken.map((q) => q.message);
  }

  /** Takes every message (of one kind, or both), in the order they were queued. */
  takeAll(kind?: QueueKind): QueuedMessage[] {
    const taken = kind ? this.items.filter((q) => q.kind === kind) : this.items;
    this.items = kind ? this.items.filter((q) => q.kind !== kind) : [];
    return taken;
  }

  list(): QueuedMessage[] {
    return [...this.items];
  }

  get size(): number {
    return this.items.length;
  }

  texts(kind: QueueKind): string[] {
    return this.items.filter((q) => q.kind === kind).map((q) => q.text);
  }
}
