// What a user's message becomes before it is sent: a custom command or skill expanded, and the
// `UserPromptSubmit` hooks run over it. Every mode sends what this returns.
import { expandSlashCommand } from './slash-input.js';
import type { Session } from './session.js';

export type Prepared =
  | { text: string; notes: string[]; release: () => void }
  /** a hook refused the prompt: nothing is sent, `reason` is shown */
  | { blocked: string; notes: string[] };

export async function prepareInput(session: Session, text: string, signal: AbortSignal): Promise<Prepared> {
  const expanded = (await expandSlashCommand(session, text, signal)) ?? { text, notes: [], release: () => {} };
  const hooks = session.extensions.hooks;
  if (!hooks) return expanded;
  const submitted = await hooks.userPromptSubmit(expanded.text, signal);
  if (submitted.blocked !== undefined) {
    expanded.release();
    return { blocked: `a UserPromptSubmit hook refused the prompt: ${submitted.blocked}`, notes: expanded.notes };
  }
  const context = submitted.context.length > 0 ? `\n\n<hook-context>\n${submitted.context.join('\n')}\n</hook-context>` : '';
  return { ...expanded, text: expanded.text + context };
}
