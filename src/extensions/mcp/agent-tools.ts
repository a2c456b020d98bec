// An MCP server's tools as the Agent's tools: the server's JSON schema passed through (never strict),
// the description cleaned of escapes, each call turned into a result the model can read.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Value } from 'typebox/value';
import type { AnyAgentTool } from '../../agent/types.js';
import type { McpConnection } from './connection.js';
import { convertResult, cleanText } from './results.js';

const MAX_DESCRIPTION = 2000;
/** Any arguments: what a tool gets whose schema tack cannot check (the server still checks them). */
const ANY_OBJECT = { type: 'object', additionalProperties: true } as const;

/** The server's input schema, if tack's validator can use it; else one that takes any object. */
export function usableSchema(schema: unknown): Record<string, unknown> {
  if (typeof schema !== 'object' || schema === null || (schema as { type?: unknown }).type !== 'object') return { ...ANY_OBJECT };
  try {
    Value.Check(schema as never, {});
    return schema as Record<string, unknown>;
  } catch {
    return { ...ANY_OBJECT };
  }
}

export function mcpAgentTool(connection: McpConnection, tool: Tool, modelName: string): AnyAgentTool {
  const server = connection.spec.name;
  const description = cleanText(tool.description ?? tool.title ?? tool.name).slice(0, MAX_DESCRIPTION);
  return {
    name: modelName,
    label: `${server} · ${cleanText(tool.title ?? tool.name).slice(0, 60)}`,
    description: `${description}\n(MCP tool "${cleanText(tool.name).slice(0, 100)}" of the server "${server}")`,
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
