// The Session's questions put to whoever answers them (the app's question box, an editor's
// `session/request_permission`): each `question` event becomes an asker's call, its answer an
// `answer` operation; a question the run voided (Esc, a cancel) aborts the asker's signal.
import type { ApprovalAnswer, ApprovalRequest } from '../session/permissions/index.js';
import type { Session, SessionEvent } from '../session/session.js';

export type Asker = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalAnswer>;

/** A listener for the Session's events that answers its questions with `ask`. */
export function answerQuestions(session: Pick<Session, 'submit'>, ask: Asker): (event: SessionEvent) => void {
  const open = new Map<number, AbortController>();
  return (event) => {
    if (event.type === 'question') {
      const cancel = new AbortController();
      open.set(event.id, cancel);
      void ask(event.request, cancel.signal).then((answer) => {
        if (open.delete(event.id)) void session.submit({ type: 'answer', id: event.id, answer });
      });
    } else if (event.type === 'question_end') {
      open.get(event.id)?.abort();
      open.delete(event.id);
    }
  };
}
