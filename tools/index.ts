// The tools' front: `createTools` makes the seven built-in tools sharing one context, and the parts
// the session and the modes use are re-exported from here.
import { resolve } from 'node:path';
import type { AnyAgentTool } from '../src/agent/types.js';
import type { DiagnosticsProvider, GrepEngineChoice, ToolContext } from './context.js';
import type { EditorFiles } from './fs/editor-files.js';
import { FileState } from './fs/file-state.js';
import { createBashTool } from './bash/bash.js';
import { createEditTool } from './edit/edit.js';
import { createFindTool } from './find.js';
import { createGrepTool } from './grep/grep.js';
import { createLsTool } from './ls.js';
import { createReadTool } from './read.js';
import { createWriteTool } from './write.js';
import { builtinSecretTest, type SecretTest } from './fs/secret-files.js';

export interface ToolsOptions {
  /** workspace root: relative paths resolve against it, and bash runs in it */
  cwd: string;
  /** grep's search engine: `rg` when on PATH (default 'auto'), or forced */
  grepEngine?: GrepEngineChoice;
  /** which files hold secrets (grep leaves their lines out); default: the usual names (`.env`, `*.pem`, …) */
  secretFile?: SecretTest;
  /** edit and write go through the editor's buffers (ACP) */
  editorFiles?: EditorFiles;
  /** the errors an edit or write introduced (the session's language servers) */
  diagnostics?: DiagnosticsProvider;
}

import { TOOL_NAMES, type ToolName } from './names.js';

export { TOOL_NAMES, type ToolName };

/**
 * The tools of one session. `all` is in TOOL_NAMES order (what the model sees); `byName` gives one
 * tool, e.g. to honour a `--tools read,grep` list. The tools share one record of the files read and
 * written, which `write` checks before it overwrites anything.
 */
export interface Tools {
  all: AnyAgentTool[];
  byName: Record<ToolName, AnyAgentTool>;
}

export function createTools(options: ToolsOptions): Tools {
  const context: ToolContext = {
    cwd: resolve(options.cwd),
    fileState: new FileState(),
    grepEngine: options.grepEngine ?? 'auto',
    secretFile: options.secretFile ?? builtinSecretTest,
    editorFiles: options.editorFiles,
    diagnostics: options.diagnostics,
  };
  const byName: Record<ToolName, AnyAgentTool> = {
    read: createReadTool(context),
    write: createWriteTool(context),
    edit: createEditTool(context),
    bash: createBashTool(context),
    grep: createGrepTool(context),
    find: createFindTool(context),
    ls: createLsTool(context),
  };
  return { all: TOOL_NAMES.map((name) => byName[name]), byName };
}

export type { DiagnosticsProvider, GrepEngineChoice, ToolContext } from './context.js';
export type { EditorFiles } from './fs/editor-files.js';
export { FileState } from './fs/file-state.js';
export { ToolError, errorResult, runTool, textResult } from './errors.js';
export { explainFsError } from './fs/fs-error.js';
export { resolvePath, displayPath, type ResolvedPath } from './fs/paths.js';
export { similarPaths } from './fs/similar.js';
export { atomicWrite } from './fs/atomic-write.js';
export { unifiedDiff, type DiffSummary } from './edit/diff.js';
export { fileLocks, KeyedMutex } from './fs/mutex.js';
export { createReadTool, type ReadDetails } from './read.js';
export { createWriteTool, type WriteDetails } from './write.js';
export { createEditTool, type EditDetails } from './edit/edit.js';
export { createBashTool } from './bash/bash.js';
export type { BashDetails } from './bash/details.js';
export { createJobTools, Jobs, type JobEvent, type JobInfo } from './jobs/index.js';
export { planEdit, METHOD_NOTES, type EditPlan, type EditRequest, type MatchMethod } from './edit/match.js';
export { createGrepTool, type GrepDetails } from './grep/grep.js';
export { searchBuiltin } from './grep/builtin.js';
export { searchWithRg } from './grep/rg.js';
export { formatHits, type FileHits, type SearchQuery } from './grep/format.js';
export { findExecutable } from './process/which.js';
export { createFindTool, type FindDetails } from './find.js';
export { createLsTool, type LsDetails } from './ls.js';
