// What a user's message is made of when it comes to the Session, and what its submission gives back.
import type { ImageContent, TextContent } from '../../ai/types.js';
import type { SlashLine } from './slash.js';

export interface Submission {
  text: string;
  /** parts that follow the mentioned files: pasted images, a program's images and resources */
  parts?: readonly (TextContent | ImageContent)[];
  /** what could not be attached before it came here (a pasted image too large), one sentence each */
  refused?: readonly string[];
  /** the slash command the caller already read the text as (`null`: none), so it is read once */
  command?: SlashLine | null;
  /** where `@` mentions are looked for, when that is less than `text` (print mode: not in piped stdin) */
  mentionsIn?: string;
}

export interface SubmitOptions {
  /** while a run goes, queue it for when the agent is done instead of steering */
  followUp?: boolean;
  /** stops the hooks and the command's `!` lines */
  signal?: AbortSignal;
}

export interface Submitted {
  /** for the user: a command expanded, the model switched */
  notes: string[];
  /** a UserPromptSubmit hook refused the message, in words: nothing was sent */
  blocked?: string;
  /** mentioned files (and pasted images) not attached, one sentence each */
  refused: string[];
  /** settles when the run the message started (or joined) is over, and the command's model is put back */
  done: Promise<void>;
  /** tack's own answer, for the user to read (`/goal`): nothing went to the model */
  said?: string;
}
