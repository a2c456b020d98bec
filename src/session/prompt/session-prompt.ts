// Which system prompt a session runs with: a continued session keeps the one its file holds, word for
// word, so a model server's prompt cache holds across processes (unless --system-prompt or
// --append-system-prompt asks for another); a new one is built. And the notes of its runs, which
// tell what changed since (run-notes.ts).
import { RunNotes } from './run-notes.js';
import { buildSystemPrompt, type SystemPromptOptions } from './system-prompt.js';

/** A system prompt as a session file keeps it (its `system` entry). */
export interface SavedPrompt {
  prompt: string;
  /** the hash of the project instructions it holds; absent: a prompt of the user's own (--system-prompt) */
  instructions?: string;
}

export interface SessionPromptOptions extends SystemPromptOptions {
  /** the continued session's prompt */
  saved: SavedPrompt | undefined;
  /** what the SessionStart hooks said */
  started: readonly string[] | undefined;
  planRules: () => string;
}

export function sessionPrompt(o: SessionPromptOptions): { prompt: string; notes: RunNotes } {
  const hooks = o.started?.length ? `\n\n# From the SessionStart hooks\n${o.started.join('\n')}` : '';
  const kept = o.replace === undefined && o.append === undefined ? o.saved : undefined;
  const notes = (instructions: string | undefined, once?: string) => new RunNotes({ cwd: o.cwd, home: o.home, instructions, planRules: o.planRules, once });
  // the hooks' words go with the first message when the prompt is kept as it was
  if (kept) return { prompt: kept.prompt, notes: notes(kept.instructions, hooks) };
  const built = buildSystemPrompt(o);
  return { prompt: built.prompt + hooks, notes: notes(built.instructions) };
}
