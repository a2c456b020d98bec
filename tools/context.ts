// What the tools of one `createTools` call share (the workspace root, what was read, the grep engine,
// the editor's buffers, diagnostics): a contract the session fills, so no tool reaches for it itself.
import type { EditorFiles } from './fs/editor-files.js';
import type { FileState } from './fs/file-state.js';
import type { SecretTest } from './fs/secret-files.js';

export type GrepEngineChoice = 'auto' | 'rg' | 'builtin';

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
  /** the errors an edit or write introduced, from a language server (off: undefined) */
  diagnostics?: DiagnosticsProvider;
}

/**
 * What edit and write ask about the file they change (the session's language servers, `src/lsp/`):
 * `beforeChange` is called with the text before the change (undefined: a new file); the function it
 * returns, called with the new text once written, resolves to a note for the model (the errors the
 * change introduced, or that the answer is pending) or undefined. Undefined: no server for this file.
 */
export interface DiagnosticsProvider {
  beforeChange(absolute: string, text: string | undefined): ((text: string) => Promise<string | undefined>) | undefined;
}
