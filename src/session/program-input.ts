// A user's message from a program (stream-json, an editor over ACP), prepared as the app prepares
// typed text: a custom command expanded, the UserPromptSubmit hooks run (they may refuse it), the
// command's model put in place. Parts beside the text (images, resources) are kept as they came.
import type { TextContent, UserMessage } from '../ai/types.js';
import { prepareInput } from './input.js';
import type { Session } from './session.js';

export interface ProgramInput {
  notes: string[];
  /** a hook refused the message: nothing was sent */
  blocked?: string;
  /** settles when the run the message started (or joined) is over */
  done: Promise<void>;
}

/** Resolves once the message is prepared and handed to the Session (a new run, or a steer). */
export async function sendFromProgram(session: Session, message: string | UserMessage, signal: AbortSignal): Promise<ProgramInput> {
  const parts = typeof message === 'string' ? [] : typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : message.content;
  const textPart = typeof message === 'string' ? undefined : parts.find((p): p is TextContent => p.type === 'text');
  const text = typeof message === 'string' ? message : (textPart?.text ?? '');
  const input = await prepareInput(session, text, signal);
  if ('blocked' in input) return { notes: input.notes, blocked: input.blocked, done: Promise.resolve() };
  const rest = parts.filter((p) => p !== textPart);
  const prepared: string | UserMessage =
    rest.length === 0 ? input.text : { role: 'user', content: [{ type: 'text', text: input.text }, ...rest], timestamp: Date.now() };
  return { notes: input.notes, done: session.send(prepared).finally(input.release) };
}
