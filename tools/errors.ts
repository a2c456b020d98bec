// How a tool fails: a ToolError worded for the model (one sentence it can act on, never an errno),
// and the result shapes every tool returns.
import type { AgentToolResult } from '../src/agent/types.js';
import type { ResolvedPath } from './fs/paths.js';
import { notFoundMessage } from './similar.js';

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

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/** Turns a file-system error about `target` into a ToolError with a sentence instead of an errno. */
export async function explainFsError(error: unknown, target: ResolvedPath, root: string, noun = 'file'): Promise<unknown> {
  const shown = target.display;
  switch (errorCode(error)) {
    case 'ENOENT':
      return new ToolError(await notFoundMessage(target.absolute, root, noun));
    case 'EACCES':
    case 'EPERM':
      return new ToolError(`permission denied: ${shown}`);
    case 'EISDIR':
      return new ToolError(`${shown} is a directory, not a file; use ls to list it`);
    case 'ENOTDIR':
      return new ToolError(`${shown}: part of this path is a file, not a directory`);
    case 'ENOSPC':
      return new ToolError(`no space left on the device while writing ${shown}`);
    case 'EROFS':
      return new ToolError(`${shown} is on a read-only file system`);
    case 'ELOOP':
      return new ToolError(`${shown}: too many levels of symbolic links`);
    default:
      return error;
  }
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
