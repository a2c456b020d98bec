// The app's side of the approval gate: questions shown above the input, one at a time, answered
// with a choice's key, the arrows and Enter, or Esc (no). Choosing "no" asks for an optional reason,
// which goes back to the model. The input box stays usable: keys the question does not take (any
// text once something is typed) go to the input as usual. A plan's question takes Ctrl+G: the plan
// opens in $EDITOR, and what the user approves is the plan as edited. PgUp/PgDn and Space page a
// change too long for the screen.
import type { ApprovalAnswer, ApprovalRequest } from '../../../session/permissions/index.js';
import * as ed from '../editor/editor.js';
import type { Command } from '../input/keymap.js';
import { applyEdit } from '../input-box/input-box.js';
import type { OpenQuestion } from '../view/approval-view.js';
import { questionTakes } from './question-keys.js';

export type { OpenQuestion };

interface Pending extends OpenQuestion {
  resolve(answer: ApprovalAnswer): void;
  dispose(): void;
}

export class ApprovalPrompt {
  private readonly queue: Pending[] = [];

  /** `answered`: told of each question the user answered (not of those an interrupt closed) */
  constructor(
    private readonly changed: () => void,
    private readonly answered: (request: ApprovalRequest, answer: ApprovalAnswer) => void = () => {},
    /** Ctrl+G on a plan: the text in the user's editor; undefined when there is none */
    private readonly editText?: (text: string) => Promise<string | undefined>,
  ) {}

  /** The question on screen, if any. */
  get current(): OpenQuestion | undefined {
    return this.queue[0];
  }

  /** The prompter the gate calls. An aborted signal (the run was interrupted) closes the question. */
  ask(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
    return new Promise((resolve) => {
      const onAbort = () => this.answer(q, { answer: 'no' }, false);
      const q: Pending = {
        request,
        selected: 0,
        reason: null,
        resolve,
        dispose: () => signal.removeEventListener('abort', onAbort),
      };
      if (signal.aborted) {
        resolve({ answer: 'no' });
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      if (this.queue.length === 0) q.shownAt = Date.now();
      this.queue.push(q);
      this.changed();
    });
  }

  /** Closes every open question with "no" (the session is going away). */
  cancelAll(): void {
    for (const q of [...this.queue]) this.answer(q, { answer: 'no' }, false);
  }

  /**
   * A key while a question is open; false when it is not the question's (it goes to the input).
   * `inputEmpty`: shortcut letters, arrows and Enter answer only while nothing is typed.
   */
  handle(cmd: Command, inputEmpty: boolean): boolean {
    const q = this.queue[0];
    if (!q || !questionTakes(q, cmd, inputEmpty, this.editText !== undefined)) return false;
    if (cmd.type === 'pageUp' || cmd.type === 'pageDown') this.turnPage(q, cmd.type === 'pageUp' ? -1 : 1);
    else if (q.reason) this.handleReason(q, q.reason, cmd);
    else if (cmd.type === 'escape') this.answer(q, { answer: 'no' });
    else if (cmd.type === 'externalEditor') void this.editPlan(q);
    else if (cmd.type === 'up' || cmd.type === 'down') {
      const n = q.request.choices.length;
      q.selected = (q.selected + (cmd.type === 'up' ? -1 : 1) + n) % n;
    } else if (cmd.type === 'submit') this.choose(q, q.selected);
    else if (cmd.type === 'insert' && cmd.text === ' ') this.turnPage(q, 1);
    else if (cmd.type === 'insert')
      this.choose(
        q,
        q.request.choices.findIndex((c) => c.key.toLowerCase() === cmd.text.toLowerCase()),
      );
    return true;
  }

  /** PgUp/PgDn (and Space on an empty input) page the change; the view keeps the page in range. */
  private turnPage(q: Pending, by: number): void {
    q.page = (q.page ?? 0) + by;
    this.changed();
  }

  private choose(q: Pending, index: number): void {
    const choice = q.request.choices[index]!;
    q.selected = index;
    if (choice.answer.answer === 'no') q.reason = ed.emptyEditor;
    else this.answer(q, q.edited ? { ...choice.answer, plan: q.request.plan } : choice.answer);
  }

  /** The plan in $EDITOR; the question then shows (and an approval carries) the edited plan. */
  private async editPlan(q: Pending): Promise<void> {
    const edited = await this.editText!(q.request.plan ?? '');
    if (edited === undefined || !this.queue.includes(q) || !edited.trim()) return;
    q.request = { ...q.request, plan: edited, args: { ...q.request.args, plan: edited } };
    q.edited = true;
    this.changed();
  }

  private handleReason(q: Pending, reason: ed.EditorState, cmd: Command): void {
    // a plan the user edited goes back with "keep planning" too: the model revises the user's version
    const plan = q.edited ? { plan: q.request.plan } : {};
    if (cmd.type === 'escape') {
      this.answer(q, { answer: 'no', ...plan });
      return;
    }
    if (cmd.type === 'submit') {
      const why = ed.expandPastes(reason).trim();
      this.answer(q, why ? { answer: 'no', reason: why, ...plan } : { answer: 'no', ...plan });
      return;
    }
    q.reason = applyEdit(reason, cmd) ?? reason;
  }

  /** `byUser`: the user answered (not an interrupt or the session closing) */
  private answer(q: Pending, answer: ApprovalAnswer, byUser = true): void {
    const at = this.queue.indexOf(q);
    if (at < 0) return;
    this.queue.splice(at, 1);
    const next = this.queue[0];
    if (next && next.shownAt === undefined) next.shownAt = Date.now();
    q.dispose();
    if (byUser) this.answered(q.request, answer);
    q.resolve(answer);
    this.changed();
  }
}
