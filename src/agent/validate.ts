// Checks a model's tool call against the tool's TypeBox schema, with a message the model can act on.
import { Value } from 'typebox/value';
import type { ToolCall } from '../ai/types.js';
import type { AnyAgentTool } from './types.js';

export type Validation = { ok: true; params: unknown } | { ok: false; message: string };

const MAX_QUOTE = 2000;

function quote(text: string): string {
  return text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE)}… (${text.length} characters)` : text;
}

export function validateToolCall(call: ToolCall, tools: readonly AnyAgentTool[]): Validation & { tool?: AnyAgentTool } {
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) {
    const names = tools.map((t) => t.name).join(', ') || 'none';
    return { ok: false, message: `Unknown tool "${call.name}". Available tools: ${names}.` };
  }
  if (call.invalidArguments) {
    return {
      ok: false,
      tool,
      message: `The arguments for ${call.name} were not valid JSON (${call.invalidArguments.error}). Received: ${quote(call.invalidArguments.raw)}`,
    };
  }
  // Models often send "17" for 17 or "true" for true: coerce what is unambiguous, then apply defaults.
  const params = Value.Default(tool.parameters, Value.Convert(tool.parameters, structuredClone(call.arguments)));
  if (Value.Check(tool.parameters, params)) return { ok: true, tool, params };
  const problems = [...Value.Errors(tool.parameters, params)]
    .filter((e) => e.keyword !== 'boolean')
    .slice(0, 5)
    .map((e) => describeError(e.instancePath, e.message, e.params));
  return {
    ok: false,
    tool,
    message: `Invalid arguments for ${call.name}: ${problems.join('; ')}. Received: ${quote(JSON.stringify(call.arguments))}`,
  };
}

function describeError(path: string, message: string, params: unknown): string {
  const where = path ? path.slice(1).replaceAll('/', '.') : 'arguments';
  const p = params as { requiredProperties?: string[]; additionalProperties?: string[] } | undefined;
  if (p?.requiredProperties) return `missing required ${p.requiredProperties.map((n) => `"${n}"`).join(', ')}`;
  if (p?.additionalProperties) return `unexpected ${p.additionalProperties.map((n) => `"${n}"`).join(', ')}`;
  return `${where} ${message}`;
}
