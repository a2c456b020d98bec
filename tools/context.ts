import type { FileState } from './fs/file-state.js';
import type { SecretTest } from './fs/secret-files.js';

export type GrepEngineChoice = 'auto' | 'rg' | 'builtin';

/**
 * An editor's view of text files (ACP's `fs/read_text_file`, `fs/write_text_file`): read, edit and
 * write use it for files inside the workspace (`editor-files.ts`), so a buffer with unsaved changes is
 * what they see and change. Paths are absolute and already checked by the tool (a link leading out
 * is never handed over).
 */
export interface EditorFiles {
  read(absolute: string): Promise<string>;
  write(absolute: string, content: string): Promise<void>;
}

/** What the tools of one `createTools` call share. */
export interface ToolContext {
  /** the workspace root, absolute */
  cwd: string;
  fileState: FileState;
  grepEngine: GrepEngineChoice;
  /** files whose contents grep leaves out */
  secretFile: SecretTest;
  /** the editor's buffers, when tack runs inside one that offers them */
  editorFiles?: EditorFiles;
}
