// The Session's goal (src/goal): its check runs as the user's own `!command` does, by the sandboxed
// bash with a "yes" already given (the user named it), the deny rules still holding; its changes are
// Session events.
import type { AnyAgentTool } from '../agent/types.js';
import { textOf } from '../ai/content.js';
import type { BashDetails } from '../../tools/bash/details.js';
import { MAX_TIMEOUT_S } from '../../tools/bash/bash.js';
import { workspaceFingerprint } from '../goal/fingerprint.js';
import type { GoalEvent } from '../goal/goal.js';
import { GoalPursuit } from '../goal/pursuit.js';
import type { ApprovalGate } from './permissions/gate.js';
import { runUserCommand } from './user-command.js';

export interface GoalStepOptions {
  cwd: string;
  /** the sandboxed bash the check runs in (the model's own list may leave bash out) */
  bash: AnyAgentTool | undefined;
  approvals: ApprovalGate | undefined;
  emit: (event: GoalEvent) => void;
  /** failed checks allowed, unless the goal says otherwise (`--until-tries`) */
  tries?: number;
  /** a goal from the start (`--until`) */
  command?: string;
}

export function goalStep(o: GoalStepOptions): GoalPursuit {
  const pursuit = new GoalPursuit(
    {
      run: async (command, signal) => {
        // a test suite may take longer than a tool call: the check gets bash's longest timeout
        const result = await runUserCommand(command, o.bash ? [o.bash] : [], o.approvals, signal, MAX_TIMEOUT_S);
        const d = result.details as BashDetails | undefined;
        const output = textOf(result.content);
        // no exit, no signal, no timeout: the shell never started (the sandbox could not be set up)
        if (!d || (d.exitCode === null && !d.signal && !d.timedOut && !d.aborted)) throw new Error(output.split('\n')[0] || 'the command did not start');
        return { exitCode: d.exitCode, timedOut: d.timedOut, output };
      },
      fingerprint: () => workspaceFingerprint(o.cwd),
      changed: (goal) => o.emit({ type: 'goal', goal }),
    },
    o.tries,
  );
  if (o.command !== undefined) pursuit.set({ command: o.command });
  return pursuit;
}
