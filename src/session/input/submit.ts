// The one way a user's message enters a Session, whichever mode it comes from: the typed text and
// the parts beside it (pasted images, a program's images and resources) → a custom command or skill
// expanded → the UserPromptSubmit hooks (they may refuse it) → the command's model → the files
// (`@path`) and MCP resources (`@server:uri`) it mentions attached → one UserMessage, sent as a new
// run, a steer or a follow-up. Mentions are looked for in what was typed only: a command's body or a
// file's contents never attach anything.
import type { TextContent, UserMessage } from '../../ai/types.js';
import { attachMentioned, withAttachments } from '../attachments/index.js';
import type { SessionCore } from '../session-core.js';
import { prepareInput } from './prepare.js';
import { resourceBlocks } from './resources.js';
import { goalOp } from './goal-op.js';
import type { Submission, SubmitOptions, Submitted } from './submission.js';

export type { Submission, SubmitOptions, Submitted } from './submission.js';

/** A program's message (stream-json, ACP) as text and the parts beside it. */
function asSubmission(input: string | Submission | UserMessage): Submission {
  if (typeof input === 'string') return { text: input };
  if (!('role' in input)) return input;
  if (typeof input.content === 'string') return { text: input.content };
  const first = input.content.find((p): p is TextContent => p.type === 'text');
  return { text: first?.text ?? '', parts: input.content.filter((p) => p !== first) };
}

/** Resolves once the message is prepared and handed to the Session. */
export async function submitInput(session: SessionCore, input: string | Submission | UserMessage, o: SubmitOptions = {}): Promise<Submitted> {
  const { text, parts = [], refused = [], command, mentionsIn = text } = asSubmission(input);
  const goal = command === undefined ? goalOp(session, text) : undefined;
  if (goal) return goal;
  const prepared = await prepareInput(session, text, o.signal ?? new AbortController().signal, command);
  if ('blocked' in prepared) return { notes: prepared.notes, blocked: prepared.blocked, refused: [], done: Promise.resolve() };
  try {
    const servers = session.mcp?.specs.map((x) => x.name) ?? [];
    const [files, resources] = await Promise.all([attachMentioned(session.config, session.model, mentionsIn, servers), resourceBlocks(session, mentionsIn)]);
    const body = resources.length > 0 ? `${prepared.text}\n\n${resources.join('\n\n')}` : prepared.text;
    const done = session.runs.send(withAttachments(body, [...files.parts, ...parts]), { followUp: o.followUp }).finally(prepared.release);
    return { notes: prepared.notes, refused: [...files.refused, ...refused], done };
  } catch (err) {
    prepared.release();
    throw err;
  }
}
