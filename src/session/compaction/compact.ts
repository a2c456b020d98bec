// One compaction: the older part of the conversation summarised by the model, the recent part kept
// word for word, the latest plan carried in the summary; what the Session does with the result
// (replace the Agent's messages, write the entry, tell its listeners) is handed in.
import type { Message, Model, StreamFn } from '../../ai/types.js';
import { withLatestPlan } from '../../plan/keep-plan.js';
import { summaryMessage, type SessionEntry } from '../file/entries.js';
import type { CompactionReason, SessionEvent } from '../session-types.js';
import { type Budget, findCut } from './window-budget.js';
import { type RequestFor, summarize } from './summary-request.js';

export interface CompactionHost {
  messages: Message[];
  model: Model;
  budget: Budget;
  /** the conversation's tokens now, and tokens per character, in the server's count */
  tokens: number;
  tokensPerChar: number;
  request: RequestFor;
  streamFn: StreamFn;
  /** waits for what must happen before the cut (the message's checkpoint) */
  ready(): Promise<unknown>;
  preCompact(kind: 'manual' | 'auto', focus: string | undefined): Promise<void> | undefined;
  emit(event: SessionEvent): Promise<void> | undefined;
  replace(messages: Message[]): void;
  write(entry: SessionEntry): void;
}

/** Returns whether the transcript was replaced by a summary and the messages kept. */
export async function compact(host: CompactionHost, reason: CompactionReason, focus: string | undefined, signal?: AbortSignal): Promise<boolean> {
  const { messages, budget, tokensPerChar } = host;
  const keep = Math.min(budget.keep, reason === 'manual' ? 2000 : Infinity);
  // asked for by name, a short conversation is compacted too: all but its last exchange's end
  const cut = findCut(messages, keep, tokensPerChar) || (reason === 'manual' ? findCut(messages, 0, tokensPerChar) : 0);
  if (cut <= 0) return false;
  await host.ready();
  const older = messages.slice(0, cut);
  const kept = messages.slice(cut);
  await host.preCompact(reason === 'manual' ? 'manual' : 'auto', focus);
  await host.emit({ type: 'compaction_start', reason });
  try {
    const tokensBefore = host.tokens;
    const { request, streamFn, model } = host;
    const summarized = await summarize({ request, streamFn, model, older, focus, words: budget.summaryWords, signal });
    const summary = withLatestPlan(summarized, older, kept);
    const timestamp = Date.now();
    host.replace([summaryMessage(summary, timestamp), ...kept]);
    host.write({ type: 'compaction', summary, tokensBefore, messagesSummarized: older.length, kept, timestamp });
    await host.emit({ type: 'compaction_end', reason, tokensBefore, messagesSummarized: older.length, summary });
    return true;
  } catch (err) {
    await host.emit({ type: 'compaction_error', reason, message: (err as Error).message });
    return false;
  }
}
