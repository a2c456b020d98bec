// The MCP client (issue 14). A Session holds an McpHost; the manager behind it, and with it the
// SDK, loads only when the servers start, and never for a session without servers.
export { McpHost } from './host.js';
export type { McpManager, McpServerView } from './manager.js';
export type { ServerStatus, ServerStateKind } from './connection.js';
