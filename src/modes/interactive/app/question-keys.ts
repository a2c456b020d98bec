// Which keys an open approval question takes; the rest go on to the input and the app. Pure: the
// key routing (key-intent.ts) asks it first, and the question (approval-prompt.ts) acts only on these.
import type { Command } from '../input/keymap.js';
import type { OpenQuestion } from '../view/approval-view.js';

/**
 * `inputEmpty`: shortcut letters, arrows and Enter answer only while nothing is typed.
 * `canEditPlan`: Ctrl+G opens a plan in the user's editor.
 */
export function questionTakes(q: OpenQuestion, cmd: Command, inputEmpty: boolean, canEditPlan: boolean): boolean {
  if (cmd.type === 'pageUp' || cmd.type === 'pageDown') return true;
  // while the reason is typed, Ctrl+C and the like keep their meaning (interrupting also closes the question)
  if (q.reason) return cmd.type !== 'interrupt' && cmd.type !== 'eof' && cmd.type !== 'cycleMode';
  if (cmd.type === 'escape') return true;
  if (cmd.type === 'externalEditor') return q.request.kind === 'plan' && canEditPlan;
  if (!inputEmpty) return false;
  if (cmd.type === 'up' || cmd.type === 'down' || cmd.type === 'submit') return true;
  if (cmd.type !== 'insert') return false;
  return cmd.text === ' ' || q.request.choices.some((c) => c.key.toLowerCase() === cmd.text.toLowerCase());
}
