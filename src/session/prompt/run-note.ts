// The note that goes before a run's first user message when what changes between runs changed since
// the model was last told: today's date, the repository's state, plan mode, the project instructions.
// These stay out of the system prompt (one per session), so a model server's prompt cache holds. Pure.
import type { UserMessage } from '../../ai/types.js';

export interface RunFacts {
  /** YYYY-MM-DD; absent, with `git`, under a system prompt of the user's own */
  date?: string;
  /** the repository's line (git-summary.ts) */
  git?: string;
  plan: boolean;
  /** the hash of the project instructions (system-prompt.ts) */
  instructions?: string;
}

/** A note in the conversation: a user message that keeps the facts it told, for the next note to compare. */
export interface RunNote extends UserMessage {
  runFacts: RunFacts;
}

export const isRunNote = (m: object): m is RunNote => 'runFacts' in m;

/** The facts the model was last told: the latest note still in the conversation (a compaction takes it along). */
export function lastNoted(messages: readonly object[]): RunFacts | undefined {
  return messages.findLast(isRunNote)?.runFacts;
}

export interface NoteWords {
  /** the project instructions as they are now (context-files.ts), told when their hash changed */
  instructions: string;
  /** what plan mode means, told when it turns on */
  planRules: string;
  /** told once (the SessionStart hooks of a resumed session, whose saved prompt is kept) */
  once?: string;
}

/** The note for `now`, telling what differs from `before`; undefined when nothing does. */
export function runNote(now: RunFacts, before: Partial<RunFacts>, words: NoteWords, timestamp: number): RunNote | undefined {
  const lines: string[] = [];
  if (now.date !== before.date) lines.push(`- Date: ${now.date}`);
  if (now.git !== before.git) lines.push(`- Git: ${now.git}`);
  if (now.plan !== (before.plan ?? false))
    lines.push(now.plan ? `- Plan mode is on: ${words.planRules}` : '- Plan mode is off: change files as the approval mode allows; exit_plan_mode is refused.');
  if (now.instructions !== before.instructions) {
    lines.push(
      words.instructions.trim()
        ? `- The project instructions changed since this session started; follow this version instead of the system prompt's:\n${words.instructions.trim()}`
        : '- The project instructions in the system prompt were removed: no longer follow them.',
    );
  }
  if (words.once) lines.push(words.once.trim());
  if (lines.length === 0) return undefined;
  // `runFacts` first: a session file's line of it does not start as a user message's does, so the
  // picker's scan of what the user asked (file/locate.ts) passes it by
  return { runFacts: now, role: 'user', content: `<context>\n${lines.join('\n')}\n</context>`, timestamp };
}
