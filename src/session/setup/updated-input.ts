// A PreToolUse hook's `updatedInput`: checked against the tool's schema like the model's own
// arguments, then put in place of them (the arguments object is what the tool is given).
import type { AnyAgentTool } from '../../agent/types.js';
import { validateToolCall } from '../../agent/validate.js';
import type { ToolCall } from '../../ai/types.js';

/** Rewrites `call.arguments` in place; returns why not when the new input does not fit the tool. */
export function rewriteArguments(call: ToolCall, updated: Record<string, unknown>, tool: AnyAgentTool): string | undefined {
  const checked = validateToolCall({ ...call, arguments: updated }, [tool]);
  if (!checked.ok) return `a PreToolUse hook rewrote this ${call.name} call into input the tool does not take: ${checked.message}`;
  const args = call.arguments;
  for (const key of Object.keys(args)) delete args[key];
  Object.assign(args, checked.params);
  return undefined;
}
