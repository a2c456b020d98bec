// A child that starts as a fork of its parent: the parent's exact prompt (system prompt, tool list
// and messages, as its latest model call sent them), then the job as a new message. On a server with
// one slot its requests extend the parent's cached prefix instead of evicting it (server-plan.ts).
// The tool list stays the parent's, byte for byte; what the agent may not use is refused when called.
import type { AgentMessage, AgentOptions, AnyAgentTool } from '../../agent/types.js';
import type { AssistantMessage, Context } from '../../ai/types.js';
import type { AgentDefinition } from '../../extensions/agents/catalog.js';
import { childTools } from './child-tools.js';
import type { ParentKit } from './parent-kit.js';

export interface Fork {
  systemPrompt: string | undefined;
  /** the parent's list, in its order: the agent's own instances where it has them */
  tools: AnyAgentTool[];
  messages: AgentMessage[];
  /** the tools the agent may call */
  allowed: ReadonlySet<string>;
  /** the shared prefix's tokens, by the server's count: not the child's own spending */
  base: number;
}

/** The fork of the parent's latest prompt, or undefined when there is none or it cannot be the same bytes. */
export function forkOf(kit: ParentKit, agent: AgentDefinition, last: Context | undefined): Fork | undefined {
  const parent = kit.parent;
  if (!last || (agent.model !== undefined && agent.model !== parent.model().id)) return undefined;
  const own = new Map(childTools(kit, agent).map((t) => [t.name, t]));
  const tools = (last.tools ?? []).map((spec) => own.get(spec.name) ?? parent.tools().find((t) => t.name === spec.name));
  if (tools.some((t) => t === undefined)) return undefined;
  const answer = [...parent.messages()].reverse().find((m): m is AssistantMessage => m.role === 'assistant');
  return {
    systemPrompt: last.systemPrompt,
    tools: tools as AnyAgentTool[],
    messages: [...last.messages],
    allowed: new Set(own.keys()),
    base: answer?.usage.input ?? 0,
  };
}

/** The fork's first message of its own: who it is now, the job, and the tools it may use of those it sees. */
export function forkJob(agent: AgentDefinition, prompt: string, allowed: ReadonlySet<string>): string {
  return [
    `[You are now a sub-agent (${agent.name}) forked from the conversation above: the main agent handed you one self-contained job. ` +
      'Do it alone; nobody can answer questions, and the user does not see your messages. ' +
      `Of the tools above you may use only: ${[...allowed].join(', ') || 'none'}. ` +
      'When you are done, reply with one report for the main agent: what you found or did, with `path:line` references; ' +
      'your last message is all it sees.]',
    ...(agent.instructions ? [`[Your role: ${agent.instructions}]`] : []),
    prompt,
  ].join('\n\n');
}

/** The child's checks, after refusing a tool it sees but may not use (the parent's todo list, its task tool, another agent's tools). */
export function forkGuard(guard: NonNullable<AgentOptions['beforeToolCall']>, fork: Fork, agent: string): NonNullable<AgentOptions['beforeToolCall']> {
  return (context, signal) => {
    const name = context.toolCall.name;
    if (fork.allowed.has(name)) return guard(context, signal);
    return Promise.resolve({
      block: true,
      reason: `refused: the ${agent} agent may use only ${[...fork.allowed].join(', ')}; ${name} is the main agent's. Report what should be done instead.`,
    });
  };
}
