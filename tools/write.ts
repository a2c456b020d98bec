// The `write` tool: a file created or replaced whole, atomically, only once the model has read its
// current content; the diff comes back as edit's does.
import { readFile, stat } from 'node:fs/promises';
import { Type, type Static } from 'typebox';
import type { AgentTool } from '../src/agent/types.js';
import { atomicWrite } from './fs/atomic-write.js';
import type { ToolContext } from './context.js';
import { editorFor } from './fs/editor-files.js';
import { unifiedDiff } from './edit/diff.js';
import { ToolError, runTool, textResult } from './errors.js';
import { explainFsError } from './fs/fs-error.js';
import { countLines, plural } from './format.js';
import { fileLocks } from './fs/mutex.js';
import { resolvePath } from './fs/paths.js';
import { describeLocation, leadsOut, locate } from './fs/real-path.js';

const parameters = Type.Object({
  path: Type.String({ description: 'File to create or overwrite: relative to the workspace root, or absolute' }),
  content: Type.String({ description: 'The complete new content of the file' }),
});

export interface WriteDetails {
  path: string;
  insideWorkspace: boolean;
  created: boolean;
  bytes: number;
  lines: number;
  diff: string;
  added: number;
  removed: number;
  /** what a language server said of the change (the errors it introduced), also at the end of the text */
  diagnostics?: string;
}

export function createWriteTool(context: ToolContext): AgentTool<typeof parameters, WriteDetails> {
  return {
    name: 'write',
    label: 'Write',
    description:
      'Create a file, or replace all of its content. Missing parent directories are created. ' +
      'An existing file must have been read first (and not changed since); for changes to part of a file ' +
      'use edit instead, which is safer and cheaper.',
    parameters,
    lockKey: (params) => resolvePath(context.cwd, params.path).absolute,
    execute: (_id, params) => {
      const target = resolvePath(context.cwd, params.path);
      return runTool(() => fileLocks.run(target.absolute, () => writeFileTool(context, params)));
    },
  };
}

async function writeFileTool(context: ToolContext, params: Static<typeof parameters>) {
  const target = resolvePath(context.cwd, params.path);
  const shown = target.display;
  try {
    const where = await locate(context.cwd, target.absolute);
    const linkedOut = leadsOut(context.cwd, where) && where.real !== where.absolute;
    if (linkedOut && !where.finalLink) {
      throw new ToolError(`${describeLocation(context.cwd, where)} leads outside the workspace through a symbolic link; write never writes through one`);
    }
    // a link that leads out is replaced by the file; what it points to is left alone
    const replaceLink = linkedOut && where.finalLink;
    const current = replaceLink
      ? undefined
      : await stat(target.absolute).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
    if (current?.isDirectory()) throw new ToolError(`${shown} is a directory; give the path of a file inside it`);
    if (current) {
      const problem = context.fileState.overwriteProblem(target.absolute, current, shown);
      if (problem) throw new ToolError(problem);
    }
    // a link that leads out is replaced on disk, never handed to an editor (which would write through it)
    const editor = replaceLink ? undefined : editorFor(context, target);
    const before = current ? await (editor ? editor.read(target.absolute) : readFile(target.absolute, 'utf8')) : '';
    const diagnose = target.insideWorkspace ? context.diagnostics?.beforeChange(target.absolute, current ? before : undefined) : undefined;
    if (editor) await editor.write(target.absolute, params.content);
    else await atomicWrite(target.absolute, params.content, { root: context.cwd, replaceLink });
    const after = await stat(target.absolute).catch(() => undefined);
    if (after) context.fileState.remember(target.absolute, after);

    const bytes = Buffer.byteLength(params.content);
    const lines = countLines(params.content);
    const change = unifiedDiff(shown, before, params.content);
    const verb = replaceLink
      ? `Replaced the symbolic link ${shown} (it pointed outside the workspace, to ${where.real}, which was not changed) with a file`
      : current
        ? `Overwrote ${shown}`
        : `Created ${shown}`;
    const found = await diagnose?.(params.content);
    return textResult(`${verb}: ${plural(bytes, 'byte')}, ${plural(lines, 'line')}.${found ? `\n${found}` : ''}`, {
      path: shown,
      insideWorkspace: target.insideWorkspace,
      created: !current,
      bytes,
      lines,
      diff: change.diff,
      added: change.added,
      removed: change.removed,
      ...(found ? { diagnostics: found } : {}),
    });
  } catch (error) {
    throw await explainFsError(error, target, context.cwd);
  }
}
