// The calls refused before they ran, told to whoever asked (print mode's result lists them). A call
// stopped by an interrupt was not refused: the user stopped the run, not the call.
import type { AgentOptions } from '../../agent/types.js';

export interface DeniedCall {
  tool: string;
  toolCallId: string;
  /** the arguments the call was judged on */
  args: unknown;
  /** the sentence the model read */
  reason: string;
  /** a child agent's call: its name */
  agent?: string;
}

type BeforeToolCall = NonNullable<AgentOptions['beforeToolCall']>;

const INTERRUPTED = /^interrupted\b/;

/** `judge`, telling `onDenied` of each call it refuses. */
export function reportDenials(judge: BeforeToolCall, onDenied: (denied: DeniedCall) => void, agent?: string): BeforeToolCall {
  return async (context, signal) => {
    const verdict = await judge(context, signal);
    if (verdict?.block && !INTERRUPTED.test(verdict.reason ?? '')) {
      onDenied({
        tool: context.toolCall.name,
        toolCallId: context.toolCall.id,
        args: context.args,
        reason: verdict.reason ?? 'refused',
        ...(agent === undefined ? {} : { agent }),
      });
    }
    return verdict;
  };
}
