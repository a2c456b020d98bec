// What a user's message becomes before it is sent: a custom command or skill expanded, and the
// `UserPromptSubmit` hooks run over it. Every mode sends what this returns.
import { expandSlashCommand } from './slash-input.js';
import type { Session } from './session.js';

export type Prepared =
  | { text: string; notes: string[]; release: () => void }
  /** a hook refused the prompt: nothing is sent, `reason` is shown */
  | { blocked: string; notes: string[] };

export async function prepareInput(session: Session, text: string, signal: AbortSignal): Promise<Prepared> {
  const expanded = await expandSlashCommand(session, text, signal);
  return expanded ?? { text, notes: [], release: () => {} };
}
