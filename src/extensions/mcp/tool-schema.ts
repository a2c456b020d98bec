// An MCP tool's input schema as tack takes it: too large a one leaves the tool out (it would go with
// every request), and one tack's validator cannot use is replaced by one that takes any object. Pure.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Value } from 'typebox/value';
import { cleanText } from './results.js';

/** Any arguments: what a tool gets whose schema tack cannot check (the server still checks them). */
const ANY_OBJECT = { type: 'object', additionalProperties: true } as const;

/** A tool's schema goes with every model request: past this it costs more than the tool can be worth. */
export const MAX_SCHEMA_BYTES = 64 * 1024;

const size = (bytes: number) => (bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** The tools whose input schema is small enough to offer, and a sentence naming any left out. */
export function withinSchemaSize(tools: readonly Tool[]): { tools: Tool[]; note?: string } {
  const kept: Tool[] = [];
  const left: string[] = [];
  for (const tool of tools) {
    const bytes = Buffer.byteLength(JSON.stringify(tool.inputSchema ?? {}));
    if (bytes > MAX_SCHEMA_BYTES) left.push(`"${cleanText(tool.name).slice(0, 100)}" (${size(bytes)})`);
    else kept.push(tool);
  }
  if (left.length === 0) return { tools: kept };
  const which = left.length === 1 ? `the tool ${left[0]} was` : `the tools ${left.join(', ')} were`;
  return { tools: kept, note: `${which} left out: a tool's schema goes with every request to the model, and tack takes at most ${size(MAX_SCHEMA_BYTES)}` };
}

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
