// How many tokens the conversation holds, in the server's count: its count of the last request it
// answered (the prompt and the answer), plus what was added since, estimated at the ratio of tokens to
// characters that count showed. Before any count, characters / 4: an estimate. Pure.
import type { AssistantMessage, Message } from '../../ai/types.js';

export interface CompactionSettings {
  /** tokens left free for the answer (default 16k; at most a fifth of the window, window-budget.ts) */
  reserveTokens: number;
  /** the most recent tokens kept verbatim (default 20k; at most a quarter of the room the conversation has) */
  keepRecentTokens: number;
}

export const DEFAULT_COMPACTION: CompactionSettings = { reserveTokens: 16_384, keepRecentTokens: 20_000 };

/** Size of a message in characters: what is sent, not what the UI keeps. */
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

/** What every request carries besides the messages: the system prompt and the tools' schemas, in characters. */
export function fixedChars(systemPrompt: string, tools: readonly { name: string; description: string; parameters: unknown }[]): number {
  return systemPrompt.length + JSON.stringify(tools.map((t) => [t.name, t.description, t.parameters])).length;
}

/** Until the server counts: a common tokeniser's ratio for English and code. */
const ESTIMATED_TOKENS_PER_CHAR = 1 / 4;
/** A count outside this is not a prompt's (a server that counts only uncached tokens, a test's round figures). */
const PLAUSIBLE = { min: 1 / 8, max: 1 };

/**
 * An answer whose count is this conversation's size up to it. An answer older than the first message
 * is one a compaction kept: its count was of the conversation before the summary.
 */
const counted = (m: Message, since: number): m is AssistantMessage =>
  m.role === 'assistant' && m.usage.input + m.usage.output > 0 && m.stopReason !== 'error' && m.stopReason !== 'aborted' && m.timestamp >= since;

/**
 * The conversation's size as the Agent keeps it: one array that grows by push at every step (a
 * replaced conversation is a new array). Asked twice per model call; each message is read once.
 */
export class RunningEstimate {
  private messages: readonly Message[] | undefined;
  private seen = 0;
  /** the server's count up to its last counted answer, if any */
  private base: number | undefined;
  /** characters of the messages after that answer */
  private chars = 0;
  /** characters of all messages seen */
  private allChars = 0;
  /** tokens per character in the server's last count: kept across conversations (the same tokeniser) */
  tokensPerChar = ESTIMATED_TOKENS_PER_CHAR;

  /** Tokens of `messages` with the system prompt and tools (`fixed`: their characters, asked only when needed). */
  of(messages: readonly Message[], fixed: () => number): number {
    if (messages !== this.messages || messages.length < this.seen) {
      this.messages = messages;
      this.seen = 0;
      this.base = undefined;
      this.chars = 0;
      this.allChars = 0;
    }
    const since = messages[0]?.timestamp ?? 0;
    for (; this.seen < messages.length; this.seen++) {
      const m = messages[this.seen]!;
      const chars = messageChars(m);
      if (counted(m, since)) {
        const ratio = m.usage.input / (fixed() + this.allChars);
        if (ratio >= PLAUSIBLE.min && ratio <= PLAUSIBLE.max) this.tokensPerChar = ratio;
        this.base = m.usage.input + m.usage.output;
        this.chars = 0;
      } else this.chars += chars;
      this.allChars += chars;
    }
    return (this.base ?? this.tokens(fixed())) + this.tokens(this.chars);
  }

  /** Characters in tokens, at the server's last ratio. */
  tokens(chars: number): number {
    return Math.ceil(chars * this.tokensPerChar);
  }
}

/** The size of a conversation counted afresh (RunningEstimate's figure for it). */
export function estimateTokens(messages: readonly Message[], fixed: () => number = () => 0): number {
  return new RunningEstimate().of(messages, fixed);
}
