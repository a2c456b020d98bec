// The tools a child gets: the parent's, narrowed by the agent's list (never widened), with hooks
// naming the child; the explore agent's bash runs only commands that only look.
import type { AgentOptions, AnyAgentTool } from '../../agent/types.js';
import type { AgentDefinition } from '../../extensions/agents/catalog.js';
import { lineIsReadOnly } from '../permissions/read-only.js';
import type { ParentKit } from './parent-kit.js';

export function childTools(kit: ParentKit, agent: AgentDefinition): AnyAgentTool[] {
  const allowed = (name: string) => agent.tools === undefined || agent.tools.includes(name);
  const builtin = kit.builtinTools.filter((t) => allowed(t.name)).map((t) => kit.hooks?.wrap(t, agent.name) ?? t);
  // the parent's MCP tools as they are now (hidden ones are not there)
  const mcp = kit.withoutMcp ? [] : kit.parent.tools().filter((t) => t.name.startsWith('mcp__') && allowed(t.name));
  return [...builtin, ...mcp];
}

/** The parent's checks (its questions name the agent and `task`), and for an agent that only looks, no command that changes anything. */
export function childGuard(kit: ParentKit, agent: AgentDefinition, task: string): NonNullable<AgentOptions['beforeToolCall']> {
  const guard = kit.guard({ agent: agent.name, task });
  if (!agent.readOnlyBash) return guard;
  return (context, signal) => {
    const command = (context.args as { command?: unknown } | undefined)?.command;
    if (context.toolCall.name === 'bash' && !(typeof command === 'string' && lineIsReadOnly(command))) {
      return Promise.resolve({
        block: true,
        reason: `refused: the ${agent.name} agent only looks; this command may change something. Report what should be run instead.`,
      });
    }
    return guard(context, signal);
  };
}
