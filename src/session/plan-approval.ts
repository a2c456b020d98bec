// What happens when the model presents a plan (exit_plan_mode): the user is asked through the gate
// (the app, a program over stream-json, an editor over ACP) and chooses to go ahead in auto-edit or
// ask, or to keep planning with a note; nobody to ask (print mode) makes the plan the run's output.
// The plan is saved in $TACK_HOME/plans/ and as an entry of the session file.
import type { PlanOutcome, PresentPlan } from '../plan/exit-plan-tool.js';
import { savePlan } from '../plan/plan-file.js';
import type { ApprovalGate, ApprovalRequest } from './permissions/index.js';

export interface PlanRecord {
  plan: string;
  /** the file it was saved to, when it could be */
  path?: string;
  outcome: 'approved' | 'unanswered';
  mode?: 'ask' | 'auto-edit';
}

export interface PlanApprovalOptions {
  tackHome: string;
  sessionId: () => string;
  /** the session file's entry */
  record: (plan: PlanRecord) => void;
}

export function planQuestion(toolCallId: string, plan: string): ApprovalRequest {
  return {
    toolCallId,
    tool: 'exit_plan_mode',
    args: { plan },
    kind: 'plan',
    summary: 'The plan',
    reason: 'The model presents its plan: go ahead, or keep planning (Ctrl+G edits the plan first)',
    plan,
    choices: [
      { label: 'Yes, go ahead and accept edits (auto-edit)', key: 'a', answer: { answer: 'yes', mode: 'auto-edit' } },
      { label: 'Yes, go ahead and ask before each edit (ask)', key: 'y', answer: { answer: 'yes', mode: 'ask' } },
      { label: 'No, keep planning (tell the model what to change)', key: 'n', answer: { answer: 'no' } },
    ],
  };
}

export function planPresenter(gate: ApprovalGate, o: PlanApprovalOptions): PresentPlan {
  const keep = (plan: string, outcome: PlanRecord['outcome'], mode?: PlanRecord['mode']): string => {
    const saved = savePlan(o.tackHome, o.sessionId(), plan);
    o.record({ plan, outcome, ...('path' in saved && { path: saved.path }), ...(mode && { mode }) });
    return 'path' in saved ? `saved to ${saved.path}` : saved.problem;
  };
  return async (plan, toolCallId, signal): Promise<PlanOutcome> => {
    if (gate.mode !== 'plan') return { kind: 'not-planning' };
    const asked = gate.put(planQuestion(toolCallId, plan), signal ?? new AbortController().signal);
    if (!asked) return { kind: 'unanswered', plan, saved: keep(plan, 'unanswered') };
    const answer = await asked;
    if (answer.answer === 'no' || signal?.aborted) {
      const edited = answer.plan?.trim() && answer.plan !== plan ? answer.plan : undefined;
      return { kind: 'revise', note: answer.reason, ...(edited && { plan: edited }) };
    }
    const approved = answer.plan?.trim() ? answer.plan : plan;
    const mode = answer.mode ?? 'ask';
    const saved = keep(approved, 'approved', mode);
    gate.setMode(mode);
    return { kind: 'approved', mode, plan: approved, saved };
  };
}
