// A command the user typed themselves (`!npm test` in the app): run by the agent's own bash tool, so
// under the sandbox and with the same output limits; the deny rules still hold, but nothing asks,
// since the user is the one running it.
import type { AgentToolResult, AnyAgentTool } from '../agent/types.js';
import type { ApprovalGate } from './permissions/gate.js';

export async function runUserCommand(
  command: string,
  tools: readonly AnyAgentTool[],
  approvals: ApprovalGate | undefined,
  signal?: AbortSignal,
  /** seconds; default: bash's own */
  timeout?: number,
): Promise<AgentToolResult> {
  const decision = approvals?.decide('bash', { command });
  if (decision?.kind === 'deny') throw new Error(decision.message);
  const bash = tools.find((t) => t.name === 'bash');
  if (!bash) throw new Error('the bash tool is turned off in the settings ("tools"), so !commands cannot run');
  const args = timeout === undefined ? { command } : { command, timeout };
  approvals?.letWrite(args);
  return bash.execute(`user-command-${Date.now()}`, args, signal);
}

/** What the model reads of it: the command, then what it printed. */
export function userCommandMessage(command: string, output: string, failed: boolean): string {
  return `I ran a command in the workspace myself${failed ? ' (it failed)' : ''}:\n$ ${command}\n${output.trimEnd() || '(no output)'}`;
}
