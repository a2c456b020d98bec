// The `task` tool: the model hands a self-contained job to a child agent and gets its one report
// back. Calls in one message run side by side (it says neither readOnly nor lockKey), as many at
// once as the limiter lets through.
import { Type } from 'typebox';
import type { AgentTool, AgentToolUpdateCallback } from '../../agent/types.js';
import type { AgentDefinition } from '../../extensions/agents/catalog.js';
import type { ParentKit } from './parent-kit.js';
import { runChild, type ChildProgress } from './run-child.js';

/** The agents' index in the tool's description: the first ones with their descriptions, then names only. */
export const AGENT_INDEX_CHARS = 2000;

const parameters = Type.Object({
  description: Type.String({ description: 'A short (3-5 words) name for the job, shown to the user' }),
  prompt: Type.String({ description: 'The whole job for the agent: what to do or find, and what to report. It sees nothing of this conversation.' }),
  agent: Type.Optional(Type.String({ description: 'Which agent does it (default: explore)' })),
});

export function agentIndex(agents: readonly AgentDefinition[], budget = AGENT_INDEX_CHARS): string {
  const lines: string[] = [];
  let used = 0;
  const names: string[] = [];
  for (const a of agents) {
    const line = `- ${a.name}: ${a.description.replace(/\s+/g, ' ')}`;
    if (names.length === 0 && used + line.length <= budget) {
      lines.push(line);
      used += line.length + 1;
    } else names.push(a.name);
  }
  const also = '- also: ';
  if (names.length > 0) lines.push(`${also}${names.join(', ').slice(0, Math.max(0, budget - used - also.length))}`);
  return lines.join('\n');
}

export function createTaskTool(kit: ParentKit): AgentTool<typeof parameters, unknown> {
  return {
    name: 'task',
    label: 'Task',
    description:
      'Hand a self-contained job to a sub-agent with a fresh context; it returns one report. Use it to explore or ' +
      'search widely without filling this conversation, or for independent jobs: several task calls in one message ' +
      `run in parallel. Agents:\n${agentIndex(kit.agents)}`,
    parameters,
    execute: async (toolCallId, params, signal, onUpdate) => {
      const name = params.agent?.trim() || 'explore';
      const agent = kit.agents.find((a) => a.name === name);
      if (!agent) {
        return {
          content: [{ type: 'text', text: `no agent named "${name}"; the agents are: ${kit.agents.map((a) => a.name).join(', ')}` }],
          isError: true,
        };
      }
      const job = { toolCallId, description: params.description, prompt: params.prompt };
      return kit.limiter.run((slot) => runChild(kit, agent, job, signal, onUpdate as AgentToolUpdateCallback<ChildProgress> | undefined, slot));
    },
  };
}
