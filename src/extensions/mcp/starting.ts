// Servers still starting, in words the user can act on while something waits for them.
import { visible } from '../../text/terminal-text.js';

/** The names of the servers still starting. */
export function startingNames(servers: readonly { name: string; state: string }[]): string[] {
  return servers.filter((s) => s.state === 'starting').map((s) => s.name);
}

/** `2 MCP servers to start (docs, db)` */
export function waitingWords(names: readonly string[]): string {
  return `${names.length} MCP server${names.length === 1 ? '' : 's'} to start (${names.map((n) => visible(n)).join(', ')})`;
}
