// Which file access a tool uses for one path: the editor's buffers (ACP) for files inside the
// workspace, the disk for the rest (an editor may refuse, or not have, files outside its project).
import type { ResolvedPath } from './paths.js';

/**
 * An editor's view of text files (ACP's `fs/read_text_file`, `fs/write_text_file`): read, edit and
 * write use it for files inside the workspace (`editorFor`), so a buffer with unsaved changes is
 * what they see and change. Paths are absolute and already checked by the tool (a link leading out
 * is never handed over).
 */
export interface EditorFiles {
  read(absolute: string): Promise<string>;
  write(absolute: string, content: string): Promise<void>;
}

export function editorFor(context: { editorFiles?: EditorFiles }, target: ResolvedPath): EditorFiles | undefined {
  return target.insideWorkspace ? context.editorFiles : undefined;
}
