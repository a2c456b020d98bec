// What Shift+Tab says in the hint line once the approval mode has moved on: plan mode explains
// itself (what runs and why), the others name the mode.
import type { PolicyMode } from '../../../session/permissions/index.js';
import { type PlanBash, planModeNote } from '../../../session/permissions/plan-policy.js';

export function modeHint(gate: { mode: PolicyMode; planBash: PlanBash | undefined } | undefined): { text: string; ms: number } | null {
  if (!gate || gate.mode === 'auto') return null;
  if (gate.mode === 'plan') return { text: `${planModeNote(gate.planBash)} (Shift+Tab for the next mode)`, ms: 4000 };
  return { text: `approvals: ${gate.mode} (Shift+Tab for the next mode)`, ms: 2500 };
}
