// The `edit` tool: old text replaced by new in one file, found exactly or by the forgiving matches of
// match.ts, written atomically under the file's lock; the diff and any new diagnostics come back.
import { isUtf8 } from 'node:buffer';
import { readFile, stat } from 'node:fs/promises';
import { Type, type Static } from 'typebox';
import type { AgentTool, AgentToolResult } from '../../src/agent/types.js';
import { atomicWrite } from '../fs/atomic-write.js';
import { looksBinary } from '../fs/binary.js';
import type { ToolContext } from '../context.js';
import { editorFor, type EditorFiles } from '../fs/editor-files.js';
import { unifiedDiff } from './diff.js';
import { METHOD_NOTES, planEdit, type MatchMethod } from './match.js';
import { ToolError, runTool, textResult } from '../errors.js';
import { explainFsError } from '../fs/fs-error.js';
import { formatSize, plural } from '../format.js';
import { fileLocks } from '../fs/mutex.js';
import { resolvePath } from '../fs/paths.js';
import { describeLocation, leadsOut, locate } from '../fs/real-path.js';

const parameters = Type.Object({
  path: Type.String({ description: 'File to edit: relative to the workspace root, or absolute' }),
  old_text: Type.String({ description: 'Text to replace, copied from the file; must occur exactly once unless replace_all' }),
  new_text: Type.String({ description: 'Replacement text' }),
  replace_all: Type.Optional(Type.Boolean({ description: 'Replace every occurrence of old_text (default false)' })),
});

export interface EditDetails {
  path: string;
  insideWorkspace: boolean;
  /** unified diff of the change */
  diff: string;
  added: number;
  removed: number;
  firstChangedLine?: number;
  replacements: number;
  method: MatchMethod;
  /** what a language server said of the change (the errors it introduced), also at the end of the text */
  diagnostics?: string;
}

export function createEditTool(context: ToolContext): AgentTool<typeof parameters, EditDetails> {
  return {
    name: 'edit',
    label: 'Edit',
    description:
      "Replace old_text with new_text in a file. Copy old_text from the file (without read's line-number prefixes), " +
      'with enough surrounding lines to occur exactly once; set replace_all to change every occurrence. ' +
      'Keep old_text short: just the lines that change plus what makes them unique. ' +
      'Several edits to one file in one turn are fine; they are applied in order.',
    parameters,
    lockKey: (params) => resolvePath(context.cwd, params.path).absolute,
    execute: (_id, params) => {
      const target = resolvePath(context.cwd, params.path);
      return runTool(() => fileLocks.run(target.absolute, () => editFile(context, params)));
    },
  };
}

/** The text to edit: the editor's buffer when there is one, else the file (text only, UTF-8 only). */
async function readText(editor: EditorFiles | undefined, absolute: string, shown: string): Promise<string> {
  if (editor) return editor.read(absolute);
  const bytes = await readFile(absolute);
  if (looksBinary(bytes)) throw new ToolError(`${shown}: binary file, ${formatSize(bytes.length)}; edit changes text files only`);
  if (!isUtf8(bytes)) {
    throw new ToolError(`${shown} is not valid UTF-8, so edit cannot change it without touching other bytes; use bash instead`);
  }
  return bytes.toString('utf8');
}

async function editFile(context: ToolContext, params: Static<typeof parameters>): Promise<AgentToolResult<EditDetails>> {
  const target = resolvePath(context.cwd, params.path);
  const shown = target.display;
  try {
    const where = await locate(context.cwd, target.absolute);
    if (leadsOut(context.cwd, where) && where.real !== where.absolute) {
      throw new ToolError(
        `${describeLocation(context.cwd, where)} leads outside the workspace through a symbolic link; edit never writes through one` +
          (where.finalLink ? ' (write replaces the link itself with a file)' : ''),
      );
    }
    const stats = await stat(target.absolute);
    if (stats.isDirectory()) throw new ToolError(`${shown} is a directory, not a file`);
    const editor = editorFor(context, target);
    const before = await readText(editor, target.absolute, shown);
    const plan = planEdit({
      content: before,
      oldText: params.old_text,
      newText: params.new_text,
      replaceAll: params.replace_all === true,
      path: shown,
    });
    if (!plan.ok) throw new ToolError(plan.message);
    const diagnose = target.insideWorkspace ? context.diagnostics?.beforeChange(target.absolute, before) : undefined;
    if (editor) await editor.write(target.absolute, plan.content);
    else await atomicWrite(target.absolute, plan.content, { root: context.cwd });
    const after = await stat(target.absolute).catch(() => undefined);
    if (after) context.fileState.remember(target.absolute, after);

    const change = unifiedDiff(shown, before, plan.content);
    const facts = [
      `${plural(change.removed, 'line')} removed, ${change.added} added`,
      `first change at line ${change.firstChangedLine ?? 1}`,
      ...(plan.replacements > 1 ? [`${plan.replacements} replacements`] : []),
      ...(plan.method === 'exact' ? [] : [METHOD_NOTES[plan.method]]),
    ];
    const found = await diagnose?.(plan.content);
    return textResult(`Edited ${shown}: ${facts.join('; ')}.${found ? `\n${found}` : ''}`, {
      path: shown,
      insideWorkspace: target.insideWorkspace,
      diff: change.diff,
      added: change.added,
      removed: change.removed,
      firstChangedLine: change.firstChangedLine,
      replacements: plan.replacements,
      method: plan.method,
      ...(found ? { diagnostics: found } : {}),
    });
  } catch (error) {
    throw await explainFsError(error, target, context.cwd);
  }
}
