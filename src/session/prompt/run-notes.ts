// Reads the facts that change between runs when a run starts, and makes the note that tells the
// model those that changed (run-note.ts). Under a system prompt of the user's own only plan mode is
// told: the date, the repository and the project instructions are tack's prompt's business.
import { findContextFiles, renderContextFiles } from './context-files.js';
import { gitSummary } from './git-summary.js';
import { lastNoted, runNote, type RunFacts, type RunNote } from './run-note.js';
import { instructionsHash } from './system-prompt.js';

export interface RunNotesOptions {
  cwd: string;
  home: string;
  /** the hash of the project instructions the system prompt holds; undefined: the user's own prompt */
  instructions: string | undefined;
  /** what plan mode means, for the model (plan-policy.ts) */
  planRules: () => string;
  /** told with the first note of this process */
  once?: string;
}

export class RunNotes {
  private once: string | undefined;

  constructor(private readonly o: RunNotesOptions) {
    this.once = o.once;
  }

  /** The hash of the project instructions the system prompt holds (the session file's `system` entry keeps it). */
  get instructions(): string | undefined {
    return this.o.instructions;
  }

  /** The note for a run starting now over `messages`, or undefined when the model knows all of it already. */
  async next(messages: readonly object[], plan: boolean): Promise<RunNote | undefined> {
    const own = this.o.instructions === undefined;
    const section = own ? '' : renderContextFiles(findContextFiles(this.o.cwd, this.o.home));
    const now: RunFacts = own
      ? { plan }
      : { date: new Date().toISOString().slice(0, 10), git: await gitSummary(this.o.cwd), plan, instructions: instructionsHash(section) };
    // before any note, the model knows what the system prompt holds
    const before = lastNoted(messages) ?? { instructions: this.o.instructions };
    const note = runNote(now, before, { instructions: section, planRules: this.o.planRules(), once: this.once }, Date.now());
    if (note) this.once = undefined;
    return note;
  }
}
