// A question is an event and its answer an operation. The approval gate asks through `ask` (it puts
// one question at a time); whoever listens to the Session shows it and answers with `answer`. An
// interrupted run voids its question: `question_end` without an answer.
import type { ApprovalAnswer, ApprovalPrompter, ApprovalRequest } from './permissions/prompter.js';
import type { ProtocolEvent, SessionQuestion } from './session-types.js';

interface Waiting extends SessionQuestion {
  resolve: (answer: ApprovalAnswer) => void;
}

export class Questions {
  private waiting: readonly Waiting[] = [];
  private lastId = 0;
  private emit: (event: ProtocolEvent) => void = () => {};

  /** Where the events go (the Session, made after the gate that asks). */
  attach(emit: (event: ProtocolEvent) => void): void {
    this.emit = emit;
  }

  /** The first question still waiting. */
  get current(): SessionQuestion | undefined {
    const first = this.waiting[0];
    return first && { id: first.id, request: first.request };
  }

  readonly ask: ApprovalPrompter = (request: ApprovalRequest, signal: AbortSignal) =>
    new Promise<ApprovalAnswer>((resolve) => {
      if (signal.aborted) return resolve({ answer: 'no' });
      const id = ++this.lastId;
      const onAbort = () => this.end(id, undefined);
      signal.addEventListener('abort', onAbort, { once: true });
      const done = (answer: ApprovalAnswer) => {
        signal.removeEventListener('abort', onAbort);
        resolve(answer);
      };
      this.waiting = [...this.waiting, { id, request, resolve: done }];
      this.emit({ type: 'question', id, request });
    });

  /** False when no such question waits (answered already, or voided by an interrupt). */
  answer(id: number, answer: ApprovalAnswer): boolean {
    return this.end(id, answer);
  }

  private end(id: number, answer: ApprovalAnswer | undefined): boolean {
    const question = this.waiting.find((q) => q.id === id);
    if (!question) return false;
    this.waiting = this.waiting.filter((q) => q !== question);
    this.emit({ type: 'question_end', id, answer });
    // a voided question's answer is ignored by the gate (its signal aborted)
    question.resolve(answer ?? { answer: 'no' });
    return true;
  }
}
