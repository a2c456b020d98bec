// The exit_plan_mode tool: in plan mode the model presents its plan (Markdown) with it, and the
// user approves it (the mode changes and the work starts) or asks for changes. Who asks is given in
// (`present`): the Session's gate in the app, stream-json and ACP; nobody in print mode, where the
// plan is the run's output and the run ends.
import { Type, type Static } from 'typebox';
import type { AgentTool } from '../agent/types.js';

export const EXIT_PLAN_TOOL = 'exit_plan_mode';

export type PlanOutcome =
  /** approved: the gate is now in `mode`; `plan` is what the user approved (perhaps edited) */
  | { kind: 'approved'; mode: 'ask' | 'auto-edit'; plan: string; saved: string }
  /** the user wants another plan; `note` is what they typed, `plan` their edit of it (Ctrl+G) */
  | { kind: 'revise'; note?: string; plan?: string }
  /** nobody can answer (print mode): the plan is the output, and the run ends */
  | { kind: 'unanswered'; plan: string; saved: string }
  | { kind: 'not-planning' };

export interface PlanDetails {
  plan?: string;
  outcome: PlanOutcome['kind'];
  /** where the plan was saved, or why it could not be */
  saved?: string;
}

export type PresentPlan = (plan: string, toolCallId: string, signal: AbortSignal | undefined) => Promise<PlanOutcome>;

const parameters = Type.Object({
  plan: Type.String({ description: 'The plan in Markdown: the steps, the files each changes, how it will be checked' }),
});

// short, and the same in every mode: it is in every request's tool list; what plan mode allows is
// told in the note that says plan mode is on (session/prompt/run-note.ts)
const DESCRIPTION =
  "Plan mode only: present your plan, once explored, for the user's approval. You are told the mode to carry it out in, or what the user wants changed.";

function answer(outcome: PlanOutcome): string {
  switch (outcome.kind) {
    case 'approved':
      return `The user approved the plan; the approval mode is now ${outcome.mode}. Carry out the plan as approved:\n\n${outcome.plan}`;
    case 'revise': {
      const edited = outcome.plan ? `\n\nThe user edited your plan; revise their version, not yours:\n\n${outcome.plan}` : '';
      return `The user wants to keep planning${outcome.note ? `: ${outcome.note}` : ''}. Still in plan mode: revise the plan and present it again with exit_plan_mode.${edited}`;
    }
    case 'unanswered':
      return `The plan was presented (${outcome.saved}); the run ends here for the user to read it.`;
    case 'not-planning':
      return 'Not in plan mode: there is no plan to present; go ahead with the work.';
  }
}

export function createExitPlanTool(present: PresentPlan): AgentTool<typeof parameters, PlanDetails> {
  return {
    name: EXIT_PLAN_TOOL,
    label: 'Plan',
    description: DESCRIPTION,
    parameters,
    // one question at a time: two plans in one message are asked about in turn
    executionMode: 'sequential',
    execute: async (toolCallId, params: Static<typeof parameters>, signal) => {
      const outcome = await present(params.plan, toolCallId, signal);
      const details: PlanDetails = { outcome: outcome.kind };
      if (outcome.kind === 'approved' || outcome.kind === 'unanswered') Object.assign(details, { plan: outcome.plan, saved: outcome.saved });
      if (outcome.kind === 'revise' && outcome.plan) details.plan = outcome.plan;
      return { content: [{ type: 'text', text: answer(outcome) }], details, terminate: outcome.kind === 'unanswered' };
    },
  };
}
