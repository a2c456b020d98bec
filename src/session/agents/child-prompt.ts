// A child's system prompt: tack's short one for sub-agents (prompts/agent.md), the agent's own
// instructions, the snapshot (cwd, git branch and status) and the context files. Small on purpose:
// each child pays for it on its first request.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../config/paths.js';
import type { AgentDefinition } from '../../extensions/agents/catalog.js';
import { findContextFiles, renderContextFiles } from '../prompt/context-files.js';
import { gitSummary } from '../prompt/git-summary.js';
import type { PromptTool } from '../prompt/system-prompt.js';

function firstSentence(text: string): string {
  const line = text.split('\n')[0]!.trim();
  const end = line.search(/\.(\s|$)/);
  return end === -1 ? line : line.slice(0, end + 1);
}

export async function childSystemPrompt(o: { cwd: string; home: string; agent: AgentDefinition; tools: readonly PromptTool[] }): Promise<string> {
  const template = readFileSync(join(packageRoot(), 'prompts', 'agent.md'), 'utf8');
  const values: Record<string, string> = {
    tools: o.tools.length ? o.tools.map((t) => `- ${t.name}: ${firstSentence(t.description)}`).join('\n') : '(no tools: answer from what you know)',
    cwd: o.cwd,
    git: await gitSummary(o.cwd),
    role: o.agent.instructions ? `\n# Your role: ${o.agent.name}\n${o.agent.instructions}\n` : '',
    context: renderContextFiles(findContextFiles(o.cwd, o.home)),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole).trimEnd();
}
