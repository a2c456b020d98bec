// MCP servers an ACP client passes with `session/new` / `session/load`, as tack's server entries.
// They come from the user's editor settings, so they apply like the user's own config.json.
import type { McpServer } from '@agentclientprotocol/sdk';
import { DEFAULT_MCP_TIMEOUT_MS, type McpServerSpec } from '../../config/mcp-servers.js';

const SOURCE = 'the editor (ACP client)';

/** Server names allow what tack's settings do; anything else becomes `_`. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9_.-]/g, '_') || 'server';

const pairs = (list: { name: string; value: string }[]) => Object.fromEntries(list.map((p) => [p.name, p.value]));

export function clientMcpServers(servers: McpServer[]): McpServerSpec[] {
  return servers.map((s) => {
    const base = { name: safeName(s.name), source: SOURCE, disabled: false, timeoutMs: DEFAULT_MCP_TIMEOUT_MS };
    if ('type' in s && (s.type === 'http' || s.type === 'sse')) return { ...base, transport: s.type, url: s.url, headers: pairs(s.headers) };
    const stdio = s as Extract<McpServer, { command: string }>;
    return { ...base, transport: 'stdio', command: stdio.command, args: stdio.args, env: pairs(stdio.env), cwd: undefined };
  });
}

/** The settings' servers with the client's added; a client's server replaces one of the same name. */
export function withClientServers(configured: McpServerSpec[], fromClient: McpServerSpec[]): McpServerSpec[] {
  const names = new Set(fromClient.map((s) => s.name));
  return [...configured.filter((s) => !names.has(s.name)), ...fromClient];
}
