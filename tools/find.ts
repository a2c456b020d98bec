// The `find` tool: files and directories by glob, .gitignore respected, sorted; a link that leads
// out of the workspace is named, never followed.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Type, type Static } from 'typebox';
import type { AgentTool } from '../src/agent/types.js';
import type { ToolContext } from './context.js';
import { ToolError, runTool, textResult } from './errors.js';
import { explainFsError } from './fs/fs-error.js';
import { ALWAYS_IGNORED, anchorGlob } from './fs/glob-pattern.js';
import { describeDirectory, displayPath, resolvePath } from './fs/paths.js';
import { linksLeading } from './fs/real-path.js';
import { symlinksBelow } from './fs/symlinks.js';

const DEFAULT_LIMIT = 1000;

const parameters = Type.Object({
  pattern: Type.String({
    description: 'Glob, e.g. "*.ts" (any depth), "src/**/*.test.ts", "**/fixtures/" (directories end in /)',
  }),
  path: Type.Optional(Type.String({ description: 'Directory to search (default: the workspace root)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, description: `Most paths to show (default ${DEFAULT_LIMIT})` })),
});

export interface FindDetails {
  path: string;
  insideWorkspace: boolean;
  matches: number;
  truncated: boolean;
}

export function createFindTool(context: ToolContext): AgentTool<typeof parameters, FindDetails> {
  return {
    name: 'find',
    label: 'Find',
    description:
      'Find files and directories by glob, sorted, paths relative to the workspace ("/" after directories). ' +
      'Respects .gitignore, includes dot-files, skips .git. A pattern without "/" matches names at any depth. ' +
      'To search file contents use grep.',
    parameters,
    readOnly: true,
    execute: (_id, params) => runTool(() => findFiles(context, params)),
  };
}

async function findFiles(context: ToolContext, params: Static<typeof parameters>) {
  const target = resolvePath(context.cwd, params.path ?? '.');
  const shown = target.display;
  const limit = params.limit ?? DEFAULT_LIMIT;
  try {
    if (!(await stat(target.absolute)).isDirectory()) {
      throw new ToolError(`${shown} is a file, not a directory; give a directory as path`);
    }
  } catch (error) {
    throw await explainFsError(error, target, context.cwd, 'directory');
  }
  // A trailing slash asks for directories only, as in .gitignore.
  const onlyDirectories = params.pattern.trim().endsWith('/');
  // the links met on the way (neither engine follows them), to say which ones lead out
  const links = symlinksBelow(target.absolute, ['.git', 'node_modules']);
  // loaded on the first search: a run that never looks for files keeps it out of memory
  const { globby } = await import('globby');
  const found = await globby(anchorGlob(params.pattern.trim().replace(/\/+$/, ''), target.absolute), {
    cwd: target.absolute,
    gitignore: true,
    dot: true,
    onlyFiles: false,
    onlyDirectories,
    markDirectories: true,
    followSymbolicLinks: false,
    ignore: ALWAYS_IGNORED,
    suppressErrors: true,
  });
  const paths = found
    .map((entry) => {
      const absolute = join(target.absolute, entry);
      return displayPath(context.cwd, absolute) + (entry.endsWith('/') ? '/' : '');
    })
    .sort();
  const leading = await linksLeading(context.cwd, await links);
  const notes = leading.length > 0 ? `\n\n${leading.join('\n')}` : '';
  const details = { path: shown, insideWorkspace: target.insideWorkspace, matches: paths.length, truncated: paths.length > limit };
  if (paths.length === 0) return textResult(`No files match ${params.pattern} in ${describeDirectory(shown)}.${notes}`, details);
  const footer = details.truncated
    ? `\n\n[${limit} of ${paths.length} paths shown; ${paths.length - limit} more exist. Narrow the pattern or path, or raise limit]`
    : '';
  return textResult(paths.slice(0, limit).join('\n') + footer + notes, details);
}
