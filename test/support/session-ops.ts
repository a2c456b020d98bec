// Driving a Session in tests as the modes do: through its operations and events.
import type { ApprovalAnswer, ApprovalRequest } from '../../src/session/permissions/index.js';
import type { Session } from '../../src/session/session.js';

/** A user's message through the front door, and the run it starts, to its end. */
export async function promptAndWait(session: Session, text: string): Promise<void> {
  const sent = await session.submit({ type: 'user_message', input: text });
  if (sent.blocked) throw new Error(sent.blocked);
  await sent.done;
  await session.submit({ type: 'wait_idle' });
}

/** Answers each question the session puts (a `question` event) with an `answer` operation, as a user would. */
export function answerEach(session: Session, answer: (request: ApprovalRequest) => ApprovalAnswer | Promise<ApprovalAnswer>): () => void {
  return session.subscribe((e) => {
    if (e.type === 'question') void Promise.resolve(answer(e.request)).then((a) => session.submit({ type: 'answer', id: e.id, answer: a }));
  });
}
