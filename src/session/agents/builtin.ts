// The agents every session has: `explore` (looks, never changes: the default) and `general` (every
// tool the parent has). A user's file of the same name replaces one.
import type { AgentDefinition } from '../../extensions/agents/catalog.js';

export const EXPLORE: AgentDefinition = {
  name: 'explore',
  description: 'Searches and reads the code (and web pages, with fetch) to answer a question (read, grep, find, ls, commands that only look); changes nothing.',
  instructions: 'You only look: read, search and run commands that only look. Never try to change a file.',
  tools: ['read', 'grep', 'find', 'ls', 'bash', 'fetch', 'search'],
  readOnlyBash: true,
  source: 'built-in',
};

export const GENERAL: AgentDefinition = {
  name: 'general',
  description: 'Does a self-contained job with every tool the main agent has (under the same approvals).',
  instructions: '',
  source: 'built-in',
};

/** The built-in agents and the user's, by name; a user's file of a built-in name wins. */
export function allAgents(user: readonly AgentDefinition[]): AgentDefinition[] {
  const names = new Set(user.map((a) => a.name));
  return [...[EXPLORE, GENERAL].filter((a) => !names.has(a.name)), ...user];
}
