// The approval modes: the user's four (as the settings spell them) and print mode's `auto`.
import type { ApprovalMode } from '../../config/schema.js';

/** In the order Shift+Tab cycles them. */
export const APPROVAL_MODES: readonly ApprovalMode[] = ['ask', 'auto-edit', 'yolo', 'plan'];
export type { ApprovalMode };
/**
 * `auto` is print mode's default, where nobody can answer: everything inside the workspace runs
 * (reads, edits, bash), and what would need a question is refused.
 */
export type PolicyMode = ApprovalMode | 'auto';
