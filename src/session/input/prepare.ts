// What a user's message becomes before it is sent: a custom command or skill expanded, the
// `UserPromptSubmit` hooks run over it, and the command's model put in place for the run it starts.
// Every mode sends what this returns, and calls `release` when that run is over.
import { switchToCommandModel } from './command-model.js';
import { expandSlashCommand, type SlashLine } from './slash.js';
import type { SessionCore } from '../session-core.js';

export type Prepared =
  | { text: string; notes: string[]; release: () => void }
  /** a hook refused the prompt: nothing is sent, `reason` is shown */
  | { blocked: string; notes: string[] };

/** `command`: the line as the caller already read it (`null`: not a command); read here otherwise. */
export async function prepareInput(session: SessionCore, text: string, signal: AbortSignal, command?: SlashLine | null): Promise<Prepared> {
  const expanded = (await expandSlashCommand(session, text, signal, command)) ?? {
    text,
    notes: [],
    release: () => {},
  };
  const submitted = (await session.extensions.hooks?.userPromptSubmit(expanded.text, signal)) ?? { context: [] };
  if (submitted.blocked !== undefined) {
    expanded.release();
    return { blocked: `a UserPromptSubmit hook refused the prompt: ${submitted.blocked}`, notes: expanded.notes };
  }
  const context = submitted.context.length > 0 ? `\n\n<hook-context>\n${submitted.context.join('\n')}\n</hook-context>` : '';
  // last: a prompt the hooks refused never switches the model
  const model = await switchToCommandModel(session, expanded.model);
  const release = () => {
    model.restore();
    expanded.release();
  };
  return { text: expanded.text + context, notes: [...expanded.notes, ...model.notes], release };
}
