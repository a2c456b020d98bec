// How a tool fails: a ToolError worded for the model (one sentence it can act on, never an errno),
// and the result shapes every tool returns. A file system's errors are worded in fs/fs-error.ts.
import type { AgentToolResult } from '../src/agent/types.js';

/** A failure worded for the model: one sentence it can act on. Tools throw it; `runTool` returns it. */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

export function textResult<T>(text: string, details: T): AgentToolResult<T> {
  return { content: [{ type: 'text', text }], details };
}

export function errorResult(message: string, details?: unknown): AgentToolResult<any> {
  return { content: [{ type: 'text', text: message }], details: details ?? { error: message }, isError: true };
}

/** Runs a tool body; any failure comes back as an `isError` result with a clean message, never a stack. */
export async function runTool<T>(body: () => Promise<AgentToolResult<T>>): Promise<AgentToolResult<T>> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof ToolError) return errorResult(error.message, error.details);
    const message = error instanceof Error ? error.message : String(error);
    return errorResult(message.split('\n')[0] || 'the tool failed without a message');
  }
}
