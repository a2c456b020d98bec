// The approval gate's questions over stdio (`--permission-prompt stdio`): each question becomes an
// `approval_request` event on stdout and waits for the `approval_response` with its id on stdin.
import type { ApprovalAnswer, ApprovalChoice, ApprovalRequest } from '../session/permissions/index.js';
import type { Session, SessionEvent, SessionQuestion } from '../session/session.js';
import type { Decision, InputMessage } from './stream-messages.js';

type Response = Extract<InputMessage, { type: 'approval_response' }>;

const DECISION: Record<ApprovalAnswer['answer'], Decision> = { yes: 'allow', always: 'always', no: 'deny' };

/** The event a program reads: the call, why it asks, the diff or command, and the answers it may give. */
export function approvalRequestEvent(id: string, r: ApprovalRequest): Record<string, unknown> {
  return {
    type: 'approval_request',
    id,
    tool_call_id: r.toolCallId,
    tool: r.tool,
    arguments: r.args,
    kind: r.kind,
    summary: r.summary,
    reason: r.reason,
    ...(r.diff !== undefined && { diff: r.diff }),
    ...(r.command !== undefined && { command: r.command }),
    ...(r.note !== undefined && { note: r.note }),
    ...(r.plan !== undefined && { plan: r.plan }),
    choices: r.choices.map((c) => ({ key: c.key, decision: DECISION[c.answer.answer], label: c.label })),
  };
}

/** The answer a response picks, or a sentence saying why it fits none of the request's choices. */
export function answerFor(request: ApprovalRequest, response: Response): ApprovalAnswer | string {
  const fits = (c: ApprovalChoice) => DECISION[c.answer.answer] === response.decision && (response.choice === undefined || c.key === response.choice);
  const choice = request.choices.find(fits);
  if (!choice) {
    const offered = request.choices.map((c) => `${DECISION[c.answer.answer]} (key ${c.key})`).join(', ');
    return `approval ${response.id} offers no such answer; it offers ${offered}`;
  }
  return response.decision === 'deny' ? { ...choice.answer, ...(response.reason && { reason: response.reason }) } : choice.answer;
}

const NOBODY = 'nobody can answer: the program closed its input';

/** Translates the Session's questions to the wire and the program's responses back to `answer` operations. */
export class StdioApprovals {
  /** open questions by the wire's id (`approval-N`) */
  private readonly waiting = new Map<string, SessionQuestion>();
  private closed = false;

  constructor(
    private readonly write: (event: Record<string, unknown>) => void,
    private readonly session: Pick<Session, 'submit'>,
  ) {}

  /** Call with each of the Session's events: a question goes out, a void one is said to be cancelled. */
  onEvent(event: SessionEvent): void {
    if (event.type === 'question') {
      if (this.closed) return void this.session.submit({ type: 'answer', id: event.id, answer: { answer: 'no', reason: NOBODY } });
      const id = `approval-${event.id}`;
      this.waiting.set(id, { id: event.id, request: event.request });
      this.write(approvalRequestEvent(id, event.request));
    } else if (event.type === 'question_end') {
      // the user stopped the run: the question is void, and the program is told so
      const id = `approval-${event.id}`;
      if (this.waiting.delete(id) && !event.answer) this.write({ type: 'approval_cancelled', id });
    }
  }

  /** Settles the question a response names; returns what was wrong with the response, if anything. */
  answer(response: Response): string | undefined {
    const open = this.waiting.get(response.id);
    if (!open) return `no approval request with id ${JSON.stringify(response.id)} is waiting`;
    const answer = answerFor(open.request, response);
    if (typeof answer === 'string') return answer;
    this.waiting.delete(response.id);
    void this.session.submit({ type: 'answer', id: open.id, answer });
    return undefined;
  }

  /** stdin closed: nobody is left to answer, so every open question, and every later one, is refused. */
  close(): void {
    this.closed = true;
    for (const open of this.waiting.values()) void this.session.submit({ type: 'answer', id: open.id, answer: { answer: 'no', reason: NOBODY } });
    this.waiting.clear();
  }
}
