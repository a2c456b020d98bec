// The approval gate's questions over stdio (`--permission-prompt stdio`): each question becomes an
// `approval_request` event on stdout and waits for the `approval_response` with its id on stdin.
import type { ApprovalAnswer, ApprovalChoice, ApprovalPrompter, ApprovalRequest } from '../session/permissions/index.js';
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

interface Waiting {
  request: ApprovalRequest;
  resolve: (answer: ApprovalAnswer) => void;
}

export class StdioApprovals {
  private readonly waiting = new Map<string, Waiting>();
  private next = 1;
  private closed = false;

  constructor(private readonly write: (event: Record<string, unknown>) => void) {}

  readonly prompter: ApprovalPrompter = (request, signal) =>
    new Promise((resolve) => {
      if (this.closed) {
        resolve({ answer: 'no', reason: NOBODY });
        return;
      }
      const id = `approval-${this.next++}`;
      this.waiting.set(id, { request, resolve });
      // the user stopped the run: the question is void, and the program is told so
      signal.addEventListener(
        'abort',
        () => {
          if (this.waiting.delete(id)) {
            this.write({ type: 'approval_cancelled', id });
            resolve({ answer: 'no' });
          }
        },
        { once: true },
      );
      this.write(approvalRequestEvent(id, request));
    });

  /** Settles the question a response names; returns what was wrong with the response, if anything. */
  answer(response: Response): string | undefined {
    const open = this.waiting.get(response.id);
    if (!open) return `no approval request with id ${JSON.stringify(response.id)} is waiting`;
    const answer = answerFor(open.request, response);
    if (typeof answer === 'string') return answer;
    this.waiting.delete(response.id);
    open.resolve(answer);
    return undefined;
  }

  /** stdin closed: nobody is left to answer, so every open question, and every later one, is refused. */
  close(): void {
    this.closed = true;
    for (const [id, open] of this.waiting) {
      this.waiting.delete(id);
      open.resolve({ answer: 'no', reason: NOBODY });
    }
  }
}
