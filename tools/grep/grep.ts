// The `grep` tool: file contents searched by regular expression, with ripgrep when it is on PATH and
// the built-in engine otherwise; one output either way.
import { stat } from 'node:fs/promises';
import { Type, type Static } from 'typebox';
import type { AgentTool, AgentToolResult } from '../../src/agent/types.js';
import type { ToolContext } from '../context.js';
import { ToolError, runTool, textResult } from '../errors.js';
import { explainFsError } from '../fs/fs-error.js';
import { searchBuiltin } from './builtin.js';
import { formatHits, formatWithheld, type SearchOutcome, type SearchQuery } from './format.js';
import { searchWithRg } from './rg.js';
import { describeDirectory, resolvePath } from '../fs/paths.js';
import { linksLeading } from '../fs/real-path.js';
import { symlinksBelow } from '../fs/symlinks.js';
import { findExecutable } from '../process/which.js';

const DEFAULT_LIMIT = 100;

const parameters = Type.Object({
  pattern: Type.String({ description: 'Regular expression (or plain text with literal) to search file contents for' }),
  path: Type.Optional(Type.String({ description: 'Directory or file to search (default: the workspace root)' })),
  glob: Type.Optional(Type.String({ description: 'Only files matching this glob, e.g. "*.ts" (any depth), "src/**/*.py", "!*.test.ts"' })),
  ignore_case: Type.Optional(Type.Boolean({ description: 'Case-insensitive search (default false)' })),
  literal: Type.Optional(Type.Boolean({ description: 'Treat pattern as plain text, not a regular expression (default false)' })),
  context: Type.Optional(Type.Integer({ minimum: 0, maximum: 20, description: 'Lines of context before and after each match (default 0)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000, description: `Most matches to show (default ${DEFAULT_LIMIT})` })),
});

export interface GrepDetails {
  path: string;
  insideWorkspace: boolean;
  engine: 'rg' | 'builtin';
  matches: number;
  files: number;
  truncated: boolean;
}

export function createGrepTool(context: ToolContext): AgentTool<typeof parameters, GrepDetails> {
  return {
    name: 'grep',
    label: 'Grep',
    description:
      'Search file contents with a regular expression (Rust/JavaScript syntax; set literal for plain text). ' +
      'Answers "path:line: text" grouped by file, in path order, at most limit matches (default 100). ' +
      'Respects .gitignore and skips .git, node_modules (unless path or glob names it) and binary files. ' +
      'Narrow with path and glob ("*.ts" matches at any depth); use context for surrounding lines. ' +
      'A match never spans lines.',
    parameters,
    readOnly: true,
    execute: (_id, params, signal) => runTool(() => grep(context, params, signal)),
  };
}

function engineFor(context: ToolContext): { engine: 'rg' | 'builtin'; rg?: string } {
  if (context.grepEngine === 'builtin') return { engine: 'builtin' };
  const rg = findExecutable('rg');
  if (rg) return { engine: 'rg', rg };
  if (context.grepEngine === 'rg') throw new ToolError('rg (ripgrep) is not installed on this machine');
  return { engine: 'builtin' };
}

async function grep(context: ToolContext, params: Static<typeof parameters>, signal?: AbortSignal): Promise<AgentToolResult<GrepDetails>> {
  const target = resolvePath(context.cwd, params.path ?? '.');
  const shown = target.display;
  if (params.pattern === '') throw new ToolError('pattern is empty; give a regular expression or text to search for');
  const stats = await stat(target.absolute).catch(async (error) => {
    throw await explainFsError(error, target, context.cwd, 'file or directory');
  });
  const query: SearchQuery = {
    root: target.absolute,
    rootIsFile: !stats.isDirectory(),
    pattern: params.pattern,
    ignoreCase: params.ignore_case === true,
    literal: params.literal === true,
    glob: params.glob?.trim() || undefined,
    context: params.context ?? 0,
    limit: params.limit ?? DEFAULT_LIMIT,
    includeNodeModules: /(^|\/)node_modules(\/|$)/.test(`${target.absolute}/${params.glob ?? ''}`),
    // a file named as the path was judged by the approvals already; in a directory, secret files are only counted
    secret: stats.isDirectory() ? context.secretFile : undefined,
    signal,
  };
  const { engine, rg } = engineFor(context);
  // neither engine follows symbolic links; the scan naming the ones that lead out runs beside the search (find(1), another process)
  const links = query.rootIsFile ? Promise.resolve([]) : symlinksBelow(target.absolute, query.includeNodeModules ? ['.git'] : ['.git', 'node_modules'], signal);
  const outcome: SearchOutcome = rg ? await searchWithRg(rg, query) : await searchBuiltin(query);
  const formatted = formatHits(outcome.files, context.cwd, query.limit, query.context);
  const notes = [...formatWithheld(outcome.withheld, context.cwd), ...(await linksLeading(context.cwd, await links))];
  const details = {
    path: shown,
    insideWorkspace: target.insideWorkspace,
    engine,
    matches: formatted.matches,
    files: formatted.files,
    truncated: formatted.truncated,
  };
  const footer = notes.length > 0 ? `\n\n${notes.join('\n')}` : '';
  if (formatted.matches === 0) {
    const where = describeDirectory(shown) + (query.glob ? ` (files matching ${query.glob})` : '');
    const shownOnly = outcome.withheld.length > 0 ? ' that can be shown' : '';
    return textResult(`No matches for ${params.pattern} in ${where}${shownOnly}.${footer}`, details);
  }
  return textResult(formatted.text + footer, details);
}
