// The task tool of a session made by createSession, when the settings allow children.
import type { AnyAgentTool } from '../../agent/types.js';
import { allAgents } from './builtin.js';
import type { ParentKit } from './parent-kit.js';
import { childrenAtOnce, type ServerPlan } from './server-plan.js';
import { Limiter } from './slots.js';
import { createTaskTool } from './task-tool.js';

export type { ParentKit } from './parent-kit.js';
export { parentView } from './parent-view.js';
export { allAgents } from './builtin.js';

/** Children at once, and the slots they take: as the server plan says, sized beside what the parent holds now. */
export function serverLimiter(plan: ServerPlan, parentTokens: () => number): Limiter {
  return new Limiter(async () => {
    const p = await plan.get();
    return { limit: () => childrenAtOnce(p, parentTokens()), slots: p.kind === 'pinned' ? p.childSlots : undefined };
  });
}

export function sessionTaskTool(
  kit: Omit<ParentKit, 'agents' | 'limiter' | 'depth' | 'taskTool'> & { userAgents: ParentKit['agents'] },
): AnyAgentTool | undefined {
  const settings = kit.config.agents;
  if (!settings.enabled) return undefined;
  return createTaskTool({
    ...kit,
    agents: allAgents(kit.userAgents),
    depth: settings.depth,
    limiter: serverLimiter(kit.plan, kit.parent.context),
    taskTool: createTaskTool,
  });
}
