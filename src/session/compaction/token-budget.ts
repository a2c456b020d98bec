// When to compact and where to cut: token estimates of the conversation and the tail kept verbatim. Pure.
import type { AssistantMessage, Message } from '../../ai/types.js';

export interface CompactionSettings {
  /** tokens left free for the answer and the next messages (default 16k) */
  reserveTokens: number;
  /** the most recent tokens kept verbatim (default 20k) */
  keepRecentTokens: number;
}

export const DEFAULT_COMPACTION: CompactionSettings = { reserveTokens: 16_384, keepRecentTokens: 20_000 };

/** Rough size of a message in characters: what is sent, not what the UI keeps. */
export function messageChars(m: Message): number {
  if (m.role === 'user') {
    if (typeof m.content === 'string') return m.content.length;
    return m.content.reduce((n, p) => n + (p.type === 'text' ? p.text.length : 4000), 0);
  }
  if (m.role === 'toolResult') return m.content.reduce((n, p) => n + (p.type === 'text' ? p.text.length : 4000), 0) + 20;
  return m.content.reduce(
    (n, c) => n + (c.type === 'text' ? c.text.length : c.type === 'thinking' ? c.thinking.length : c.name.length + JSON.stringify(c.arguments).length),
    0,
  );
}

const charsToTokens = (chars: number) => Math.ceil(chars / 4);

/** What every request carries besides the messages: the system prompt and the tools' schemas, in characters. */
export function fixedChars(systemPrompt: string, tools: readonly { name: string; description: string; parameters: unknown }[]): number {
  return systemPrompt.length + JSON.stringify(tools.map((t) => [t.name, t.description, t.parameters])).length;
}

/**
 * The server's count for everything up to its last answer, plus chars/4 for what came after;
 * `fixed` (fixedChars, asked only when needed) counts too when no answer was counted yet (the first request).
 */
export function estimateTokens(messages: readonly Message[], fixed: () => number = () => 0): number {
  let i = messages.length - 1;
  for (; i >= 0; i--) {
    const m = messages[i];
    if (m.role === 'assistant' && m.usage.input + m.usage.output > 0 && m.stopReason !== 'error' && m.stopReason !== 'aborted') break;
  }
  const base = i >= 0 ? (messages[i] as AssistantMessage).usage.input + (messages[i] as AssistantMessage).usage.output : charsToTokens(fixed());
  let chars = 0;
  for (let j = i + 1; j < messages.length; j++) chars += messageChars(messages[j]);
  return base + charsToTokens(chars);
}

const counted = (m: Message): m is AssistantMessage =>
  m.role === 'assistant' && m.usage.input + m.usage.output > 0 && m.stopReason !== 'error' && m.stopReason !== 'aborted';

/**
 * estimateTokens for the conversation as the Agent keeps it: one array that grows by push at every
 * step (a replaced conversation is a new array). Asked twice per model call, a recount walked every
 * message since the last one the server counted (all of them, with a server that sends no counts);
 * here each message is counted once.
 */
export class RunningEstimate {
  private messages: readonly Message[] | undefined;
  private seen = 0;
  /** the server's count up to its last counted answer, if any */
  private base: number | undefined;
  /** characters of the messages after that answer */
  private chars = 0;

  /** What `estimateTokens(messages, fixed)` gives, counting only the messages not seen before. */
  of(messages: readonly Message[], fixed: () => number = () => 0): number {
    if (messages !== this.messages || messages.length < this.seen) {
      this.messages = messages;
      this.seen = 0;
      this.base = undefined;
      this.chars = 0;
    }
    for (; this.seen < messages.length; this.seen++) {
      const m = messages[this.seen]!;
      if (counted(m)) {
        this.base = m.usage.input + m.usage.output;
        this.chars = 0;
      } else this.chars += messageChars(m);
    }
    return (this.base ?? charsToTokens(fixed())) + charsToTokens(this.chars);
  }
}

export function shouldCompact(tokens: number, contextWindow: number, s: CompactionSettings): boolean {
  return tokens > Math.max(contextWindow - s.reserveTokens, contextWindow / 2);
}

/**
 * The index of the first message kept verbatim: about `keepRecentTokens` from the end, never a tool
 * result (it stays with its call). 0 means there is nothing older worth summarising.
 */
export function findCut(messages: readonly Message[], keepRecentTokens: number): number {
  let tokens = 0;
  let cut = messages.length;
  while (cut > 0 && tokens < keepRecentTokens) {
    cut--;
    tokens += charsToTokens(messageChars(messages[cut]));
  }
  // Keep at least the last message, and never start on a tool result.
  cut = Math.min(cut, messages.length - 1);
  while (cut > 0 && messages[cut].role === 'toolResult') cut--;
  return Math.max(cut, 0);
}
