// Before the first model call: MCP tool lists still loading are waited for a little, then the call
// goes ahead. What it waits for is said while it waits (the app's activity line), and after it,
// which servers failed and which are still starting.
import type { McpHost } from '../../extensions/mcp/host.js';
import { startingNames, waitingWords } from '../../extensions/mcp/starting.js';
import { visible } from '../../text/terminal-text.js';

export async function waitForMcp(mcp: McpHost, waitMs: number, note: (message: string) => void, waiting: (what: string | undefined) => void): Promise<void> {
  const starting = startingNames(mcp.servers());
  if (starting.length > 0) waiting(`waiting for ${waitingWords(starting)}`);
  let still: string[];
  try {
    still = await mcp.ready(waitMs);
  } finally {
    waiting(undefined);
  }
  for (const server of mcp.servers().filter((x) => x.state === 'failed')) {
    note(`MCP server "${visible(server.name)}" failed to start: ${server.reason ?? 'no reason given'} (log: ${server.logPath})`);
  }
  if (still.length > 0) {
    note(
      `MCP server${still.length > 1 ? 's' : ''} ${still.map((n) => `"${visible(n)}"`).join(', ')} still starting; ${still.length > 1 ? 'their' : 'its'} tools join when ready (/mcp shows the state)`,
    );
  }
}
