// Approvals, permission rules, the loop guard and the sandboxed bash tool (issue 7).
export { createSafety, type Safety, type SafetyOptions } from './setup.js';
export { ApprovalGate, type ApprovalGateOptions } from './gate.js';
export type { ApprovalAnswer, ApprovalChoice, ApprovalPrompter, ApprovalRequest, ApprovalScope } from './prompter.js';
export { APPROVAL_MODES, type ApprovalMode, type PolicyMode } from './approval-modes.js';
export type { Decision, PolicyContext } from './decision.js';
export { decide, refusal } from './policy.js';
export { parseRules, parseRule, NO_RULES, type Rule, type Rules } from './rules.js';
export { SessionGrants, commandGrant, commandPrefix, type CommandGrant } from './grants.js';
export { previewChange, type ChangePreview } from './preview.js';
export { REPEAT_LIMIT } from './repeat-guard.js';
