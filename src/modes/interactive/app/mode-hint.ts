// What Shift+Tab says in the hint line once the approval mode has moved on: plan mode explains
// itself (what runs and why), the others name the mode.
import type { ApprovalMode } from '../../../session/permissions/index.js';
import { type PlanBash, planModeNote } from '../../../session/permissions/plan-policy.js';

export function modeHint(mode: ApprovalMode | undefined, planBash: PlanBash | undefined): { text: string; ms: number } | null {
  if (mode === 'plan') return { text: `${planModeNote(planBash)} (Shift+Tab for the next mode)`, ms: 4000 };
  return mode ? { text: `approvals: ${mode} (Shift+Tab for the next mode)`, ms: 2500 } : null;
}
