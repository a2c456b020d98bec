// The `ls` tool: one directory, sorted, `/` after directories, dot-files included; not recursive.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Type, type Static } from 'typebox';
import type { AgentTool } from '../src/agent/types.js';
import type { ToolContext } from './context.js';
import { ToolError, runTool, textResult } from './errors.js';
import { explainFsError } from './fs/fs-error.js';
import { describeDirectory, resolvePath } from './fs/paths.js';
import { locate } from './fs/real-path.js';

const DEFAULT_LIMIT = 500;

const parameters = Type.Object({
  path: Type.Optional(Type.String({ description: 'Directory to list (default: the workspace root)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, description: `Most entries to show (default ${DEFAULT_LIMIT})` })),
});

export interface LsDetails {
  path: string;
  insideWorkspace: boolean;
  entries: number;
  truncated: boolean;
}

export function createLsTool(context: ToolContext): AgentTool<typeof parameters, LsDetails> {
  return {
    name: 'ls',
    label: 'List',
    description:
      'List one directory: one entry per line, sorted, "/" after directories, dot-files included. ' +
      'Not recursive; use find with a glob to search a whole tree.',
    parameters,
    readOnly: true,
    execute: (_id, params) => runTool(() => list(context, params)),
  };
}

async function list(context: ToolContext, params: Static<typeof parameters>) {
  const target = resolvePath(context.cwd, params.path ?? '.');
  const shown = target.display;
  const limit = params.limit ?? DEFAULT_LIMIT;
  try {
    const stats = await stat(target.absolute);
    if (!stats.isDirectory()) throw new ToolError(`${shown} is a file, not a directory; use read to see it`);
    const dirents = await readdir(target.absolute, { withFileTypes: true });
    const names = await Promise.all(
      dirents.map(async (entry) => {
        const path = join(target.absolute, entry.name);
        if (entry.isSymbolicLink()) {
          const where = await locate(context.cwd, path);
          if (!where.inside) return `${entry.name} -> ${where.real}: outside the workspace, not followed`;
        }
        // A symlink to a directory is listed as one: that is how the model will use it.
        const isDirectory =
          entry.isDirectory() ||
          (entry.isSymbolicLink() &&
            (await stat(path).then(
              (s) => s.isDirectory(),
              () => false,
            )));
        return isDirectory ? `${entry.name}/` : entry.name;
      }),
    );
    names.sort((a, b) => a.localeCompare(b, 'en'));
    const details = { path: shown, insideWorkspace: target.insideWorkspace, entries: names.length, truncated: names.length > limit };
    if (names.length === 0) return textResult(`${describeDirectory(shown)} is an empty directory.`, details);
    const footer = details.truncated ? `\n\n[${limit} of ${names.length} entries shown; raise limit, or use find with a pattern]` : '';
    return textResult(names.slice(0, limit).join('\n') + footer, details);
  } catch (error) {
    throw await explainFsError(error, target, context.cwd, 'directory');
  }
}
