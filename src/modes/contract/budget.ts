// `--max-budget-usd N`: the run stops once what it cost reaches N. The cost is the footer's (the
// session's usage, priced from the model's prices; an answer the server did not count is estimated),
// child agents' answers included as their progress reports them. It is checked after each answer, so
// a run may go over by one answer's cost.
import { spentInProgress } from '../../session/child-spend.js';
import type { Session, SessionEvent } from '../../session/session.js';

export class BudgetWatch {
  private readonly start: number;
  private hit = false;

  constructor(
    private readonly session: Session,
    readonly limit: number,
    private readonly stop: () => void,
  ) {
    this.start = session.view().usage.cost ?? 0;
  }

  /** What the run has cost so far, in USD (null: a price became unknown). */
  get spent(): number | null {
    const own = this.session.view().usage.cost;
    return own === null ? null : own - this.start;
  }

  /** Whether the run was stopped for its cost. */
  get reached(): boolean {
    return this.hit;
  }

  onEvent(event: SessionEvent): void {
    const answer = event.type === 'message_end' && event.message.role === 'assistant';
    if (!answer && !(event.type === 'tool_execution_update' && spentInProgress(event))) return;
    const spent = this.spent;
    if (!this.hit && spent !== null && spent >= this.limit) {
      this.hit = true;
      this.stop();
    }
  }
}

/** The reason, when a budget cannot be kept: the model's prices are unknown. */
export function budgetProblem(session: Session): string | undefined {
  if (session.view().model.prices) return undefined;
  return `--max-budget-usd needs the model's prices, and those of ${session.view().model.id} are unknown; set "prices" for it under "models" in the settings`;
}
