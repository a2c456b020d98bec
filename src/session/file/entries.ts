// The session file format: a header line, then one JSON entry per line, appended as things happen.
import type { Message } from '../../ai/types.js';
import type { CheckpointRecord, RewindRecord, WrittenRecord } from '../../checkpoints/records.js';
import type { SavedPrompt } from '../prompt/session-prompt.js';
import type { TodosEntry } from '../todo/list.js';

export const SESSION_VERSION = 1;

export interface SessionHeader {
  type: 'session';
  version: number;
  id: string;
  /** ISO time */
  created: string;
  cwd: string;
  model: string;
  tack_version: string;
  /** --fork-session: the id of the session this one was copied from */
  forkedFrom?: string;
}

/**
 * The system prompt, written before the first entry and again when it changes (--system-prompt on a
 * continued session): `-c` reuses the latest word for word, so a model server's prompt cache holds.
 */
export interface SystemPromptEntry extends SavedPrompt {
  type: 'system';
}

export interface MessageEntry {
  type: 'message';
  message: Message;
}

export interface ModelEntry {
  type: 'model';
  provider: string;
  model: string;
}

/** Everything before this entry is replaced, for the model, by `summary`. */
export interface CompactionEntry {
  type: 'compaction';
  summary: string;
  /** estimated tokens before compaction */
  tokensBefore: number;
  /** how many messages the summary replaced */
  messagesSummarized: number;
  /** the messages kept verbatim after the summary, repeated so a loader needs nothing older */
  kept: Message[];
  timestamp: number;
}

/** A plan the model presented in plan mode (exit_plan_mode): approved, or the output of a run nobody answered. */
export interface PlanEntry {
  type: 'plan';
  plan: string;
  /** the copy in $TACK_HOME/plans/ */
  path?: string;
  outcome: 'approved' | 'unanswered';
  /** approved: the mode the work went ahead in */
  mode?: 'ask' | 'auto-edit';
  timestamp: number;
}

export type SessionEntry =
  | SystemPromptEntry
  | MessageEntry
  | ModelEntry
  | CompactionEntry
  | PlanEntry
  | CheckpointRecord
  | WrittenRecord
  | RewindRecord
  | TodosEntry;

/** The user message that carries a compaction summary to the model. */
export function summaryMessage(summary: string, timestamp: number): Message {
  return {
    role: 'user',
    content: `[The earlier part of this conversation was compacted. Summary:]\n\n${summary}`,
    timestamp,
  };
}
