// /plan [task]: plan mode (the gate's fourth approval mode), and with a task, the task sent at once.
import { planModeNote } from '../../../session/permissions/plan-policy.js';
import type { Command } from './command.js';

export const plan: Command = {
  name: 'plan',
  args: '[task]',
  description: 'plan mode: read-only until you approve a plan (with a task: send it)',
  run(ctx, task) {
    const session = ctx.session();
    const gate = session.view().approvals;
    if (!gate) return void ctx.transcript.error('plan mode needs the approval gate, which this session does not have');
    // the operation's change is made at once: the note and the task see plan mode
    void session.submit({ type: 'set_mode', mode: 'plan' });
    ctx.transcript.notice(`${planModeNote(gate.planBash)} (Shift+Tab for the next mode)`);
    if (task.trim()) ctx.send(task.trim());
  },
};
