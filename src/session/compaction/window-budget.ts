// How a context window is shared out, in tokens: when a compaction starts, how much of the recent
// conversation it keeps word for word, and how long the summary may be. Sized to the window, so that a
// small one (32k) lands well under the threshold after a compaction and grows a while before the
// next. Pure.
import type { Message } from '../../ai/types.js';
import { isRunNote } from '../prompt/run-note.js';
import { type CompactionSettings, messageChars } from './token-budget.js';

export interface Budget {
  /** a conversation larger than this is compacted before the next model call */
  threshold: number;
  /** the recent tokens a compaction keeps verbatim */
  keep: number;
  /** the summary's length, at most */
  summaryWords: number;
}

/** The budget of a window whose every request also carries `fixedTokens` (the system prompt and the tools). */
export function compactionBudget(contextWindow: number, s: CompactionSettings, fixedTokens: number): Budget {
  const threshold = contextWindow - Math.min(s.reserveTokens, Math.floor(contextWindow / 5));
  // what the conversation itself may hold: a quarter of it kept, a little for the summary, and the rest
  // is room to grow before the next compaction
  const room = Math.max(0, threshold - fixedTokens);
  const summaryTokens = Math.min(2000, Math.floor(room / 8));
  return { threshold, keep: Math.min(s.keepRecentTokens, Math.floor(room / 4)), summaryWords: Math.max(100, Math.floor(summaryTokens * 0.75)) };
}

/**
 * Whether to compact before a model call: over the threshold, and, after a compaction, only once the
 * conversation has grown by as much as a compaction keeps (one that could not get under the threshold
 * is not repeated at every call for nothing new to summarise).
 */
export function shouldCompact(tokens: number, afterLast: number | undefined, b: Budget): boolean {
  return tokens > b.threshold && (afterLast === undefined || tokens - afterLast >= b.keep);
}

/**
 * The index of the first message kept verbatim: the latest messages that fit in `keepTokens` (the last
 * one always), never a tool result (it stays with its call) nor the message after a run's note (the note
 * stays with it). 0 means there is nothing older to summarise.
 */
export function findCut(messages: readonly Message[], keepTokens: number, tokensPerChar: number): number {
  let tokens = 0;
  let cut = messages.length;
  while (cut > 0) {
    const next = Math.ceil(messageChars(messages[cut - 1]!) * tokensPerChar);
    if (cut < messages.length && tokens + next > keepTokens) break;
    tokens += next;
    cut--;
  }
  while (cut > 0 && (messages[cut]!.role === 'toolResult' || isRunNote(messages[cut - 1]!))) cut--;
  return cut;
}
