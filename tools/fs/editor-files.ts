// Which file access a tool uses for one path: the editor's buffers (ACP) for files inside the
// workspace, the disk for the rest (an editor may refuse, or not have, files outside its project).
import type { EditorFiles, ToolContext } from '../context.js';
import type { ResolvedPath } from './paths.js';

export function editorFor(context: ToolContext, target: ResolvedPath): EditorFiles | undefined {
  return target.insideWorkspace ? context.editorFiles : undefined;
}
