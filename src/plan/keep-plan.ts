// A compaction keeps the latest plan word for word: the summary of the older messages carries it.
// Pure.
import type { AgentMessage } from '../agent/types.js';
import { textOf } from '../ai/content.js';
import { EXIT_PLAN_TOOL } from './exit-plan-tool.js';

const HEADING = '# The latest plan (kept word for word)';

/** The plan of the last exit_plan_mode call among these messages, or one an earlier summary kept. */
export function latestPlan(messages: readonly AgentMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (!m || typeof m !== 'object' || !('role' in m)) continue;
    if (m.role === 'assistant') {
      const call = m.content.findLast((c) => c.type === 'toolCall' && c.name === EXIT_PLAN_TOOL);
      const plan = call?.type === 'toolCall' ? call.arguments?.plan : undefined;
      if (typeof plan === 'string') return plan;
    }
    if (m.role === 'user') {
      const text = textOf(m.content);
      const at = text.indexOf(`\n\n${HEADING}\n\n`);
      if (at >= 0) return text.slice(at + HEADING.length + 4);
    }
  }
  return undefined;
}

/** The summary of `older`, with the latest plan added when none of the messages kept holds it. */
export function withLatestPlan(summary: string, older: readonly AgentMessage[], kept: readonly AgentMessage[]): string {
  const plan = latestPlan(kept) === undefined ? latestPlan(older) : undefined;
  return plan === undefined ? summary : `${summary}\n\n${HEADING}\n\n${plan}`;
}
