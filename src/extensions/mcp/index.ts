// The MCP client (issue 14). Loaded only when a session has MCP servers configured: this module
// pulls in the SDK, which a session without servers never pays for.
import type { McpServerSpec } from '../../config/mcp-servers.js';
import { McpManager, type McpManagerOptions } from './manager.js';

export { McpManager, type McpServerView } from './manager.js';
export type { ServerStatus, ServerStateKind } from './connection.js';

/** A manager for `specs`, its servers already starting in the background. */
export function startMcp(specs: readonly McpServerSpec[], o: McpManagerOptions): McpManager {
  const manager = new McpManager(specs, o);
  manager.start();
  return manager;
}
