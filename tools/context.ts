import type { FileState } from './file-state.js';
import type { SecretTest } from './secret-files.js';

export type GrepEngineChoice = 'auto' | 'rg' | 'builtin';

/** What the tools of one `createTools` call share. */
export interface ToolContext {
  /** the workspace root, absolute */
  cwd: string;
  fileState: FileState;
  grepEngine: GrepEngineChoice;
  /** files whose contents grep leaves out */
  secretFile: SecretTest;
}
