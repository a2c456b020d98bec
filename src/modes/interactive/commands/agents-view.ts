// `/agents`: the agents the task tool offers, built-in and from the user's files, with where each
// came from and the tools it may use.
import { allAgents } from '../../../session/agents/index.js';
import type { Session } from '../../../session/session.js';
import { visible } from '../../../text/terminal-text.js';
import { s } from '../text/style.js';
import { wrapWithPrefix } from '../text/text.js';

export function agentLines(session: Session, cols: number): string[] {
  if (!session.view().config.agents.enabled) return ['no agents: the task tool is off ("agents": {"enabled": false}, or a --tools list without task)'];
  const agents = allAgents(session.view().extensions.agents);
  const lines = [s.bold(`Agents (${agents.length}): the model hands one a job with the task tool`)];
  for (const a of agents) {
    const tools = a.tools ? a.tools.join(', ') + (a.readOnlyBash ? ' (commands that only look)' : '') : 'every tool';
    lines.push(`  ${s.bold(visible(a.name))}  ${s.gray(visible(a.path ?? a.source))}`);
    lines.push(...wrapWithPrefix(visible(a.description), cols, '    ', '    ').map((l) => s.gray(l)));
    lines.push(s.gray(`    tools: ${visible(tools)}${a.model ? ` · model ${visible(a.model)}` : ''}`));
  }
  return lines;
}
