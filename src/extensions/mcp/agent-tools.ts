// An MCP server's tools as the Agent's tools: the server's JSON schema passed through (never strict,
// tool-schema.ts), the description cleaned of escapes, each call turned into a result the model can read.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AnyAgentTool } from '../../agent/types.js';
import type { McpConnection } from './connection.js';
import { originLine } from './names.js';
import { convertResult, cleanText } from './results.js';
import { usableSchema } from './tool-schema.js';

const MAX_DESCRIPTION = 2000;

export function mcpAgentTool(connection: McpConnection, tool: Tool, modelName: string): AnyAgentTool {
  const server = connection.spec.name;
  const description = cleanText(tool.description ?? tool.title ?? tool.name).slice(0, MAX_DESCRIPTION);
  return {
    name: modelName,
    label: `${server} · ${cleanText(tool.title ?? tool.name).slice(0, 60)}`,
    description: description + originLine(cleanText(tool.name).slice(0, 100), server),
    parameters: usableSchema(tool.inputSchema) as never,
    strict: false,
    // a server's tool may change anything: it waits for the batch's other calls, and they for it
    readOnly: false,
    readOnlyHint: tool.annotations?.readOnlyHint === true,
    async execute(_id, params, signal) {
      const result = await connection.call(tool.name, (params ?? {}) as Record<string, unknown>, signal);
      return convertResult(result, { server, tool: tool.name });
    },
  };
}
