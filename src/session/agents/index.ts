// The task tool of a session made by createSession, when the settings allow children.
import type { AnyAgentTool } from '../../agent/types.js';
import { allAgents } from './builtin.js';
import type { ParentKit } from './parent-kit.js';
import { Limiter, probeSlots } from './slots.js';
import { createTaskTool } from './task-tool.js';

export type { ParentKit } from './parent-kit.js';
export { allAgents } from './builtin.js';

/** Children at once: the server's slots when it says (never more than the setting), else the setting. */
export function serverLimiter(baseUrl: string, parallel: number): Limiter {
  return new Limiter(async () => Math.min(parallel, (await probeSlots(baseUrl)) ?? parallel));
}

export function sessionTaskTool(kit: Omit<ParentKit, 'agents' | 'limiter' | 'depth'> & { userAgents: ParentKit['agents'] }): AnyAgentTool | undefined {
  const settings = kit.config.agents;
  if (!settings.enabled) return undefined;
  return createTaskTool({
    ...kit,
    agents: allAgents(kit.userAgents),
    depth: settings.depth,
    limiter: serverLimiter(kit.config.baseUrl, settings.parallel),
  });
}
