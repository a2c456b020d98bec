import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import type { AgentToolResult, AnyAgentTool } from '../../src/agent/types.js';
import { createTools, type ToolsOptions } from '../../tools/index.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory under the OS temp dir, removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tack-tools-'));
  made.push(dir);
  return dir;
}

/** Writes files given as { 'relative/path': content } below `root`. */
export async function layout(root: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, content);
  }
}

export interface Called {
  result: AgentToolResult;
  text: string;
  isError: boolean;
  details: any;
}

export async function call(tool: AnyAgentTool, params: Record<string, unknown>, signal?: AbortSignal): Promise<Called> {
  const result = await tool.execute('call-1', params, signal);
  const text = result.content.map((part) => (part.type === 'text' ? part.text : `[image ${part.mimeType}]`)).join('\n');
  return { result, text, isError: result.isError === true, details: result.details };
}

/** A workspace with its tools. */
export function workspace(options: Partial<ToolsOptions> = {}) {
  const cwd = options.cwd ?? tempDir();
  const tools = createTools({ ...options, cwd });
  const run = (name: string, params: Record<string, unknown>, signal?: AbortSignal) => call(tools.byName[name as keyof typeof tools.byName], params, signal);
  return { cwd, tools, run };
}
