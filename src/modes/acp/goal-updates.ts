// A goal's check as an ACP client sees it: a tool call of its own (`execute`), in progress while the
// check runs, then completed (exit 0) or failed, with how it ended.
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import type { GoalStatus } from '../../goal/goal.js';
import { exitWords } from '../../goal/words.js';

export class GoalUpdates {
  private running: string | undefined;
  private count = 0;

  /** The updates one `goal` event makes. */
  next(goal: GoalStatus | undefined): SessionUpdate[] {
    if (goal?.checking && !this.running) {
      this.running = `goal-check-${++this.count}`;
      return [
        {
          sessionUpdate: 'tool_call',
          toolCallId: this.running,
          title: `goal check: ${goal.command}`,
          kind: 'execute',
          status: 'in_progress',
          rawInput: { command: goal.command },
        },
      ];
    }
    if (goal?.checking || !this.running) return [];
    const toolCallId = this.running;
    this.running = undefined;
    const passed = goal?.passed === true && goal.end === 'passed';
    const text = [goal ? `the check ${exitWords(goal.lastExit)}` : 'the goal was cleared', ...(goal?.endLine ? [goal.endLine] : [])].join('\n');
    return [
      {
        sessionUpdate: 'tool_call_update',
        toolCallId,
        status: passed ? 'completed' : 'failed',
        content: [{ type: 'content', content: { type: 'text', text } }],
      },
    ];
  }
}
