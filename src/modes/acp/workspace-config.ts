// The settings of one ACP session, for the folder the client names. An editor opens sessions in
// any folder, so trust is settled per folder: a folder the user trusted (or one without settings)
// applies its own files; any other folder's files are ignored, unless tack was started with --trust.
import { statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { RequestError } from '@agentclientprotocol/sdk';
import { loadConfig } from '../../config/load.js';
import { tackHome } from '../../config/paths.js';
import type { ConfigFlags, ResolvedConfig } from '../../config/resolve.js';
import { workFolderWidth } from '../../config/work-folder.js';
import { assessTrust, ignoredNotice } from '../../trust/index.js';

export interface WorkspaceFlags {
  /** the command line's settings flags (model, provider, approval, …) */
  flags: ConfigFlags;
  /** --trust: apply the folder's own settings for this run */
  trust: boolean;
}

export interface Workspace {
  config: ResolvedConfig;
  /** the folder is the user's home: said to the user with the first answer */
  warning?: string;
}

/** Checks the folder (absolute, a directory, not the root of the file system) and resolves the settings that apply in it. */
export async function workspaceConfig(cwd: string, o: WorkspaceFlags, note: (message: string) => void): Promise<Workspace> {
  if (!isAbsolute(cwd)) throw RequestError.invalidParams(undefined, `cwd must be an absolute path, not ${JSON.stringify(cwd)}`);
  let isDir = false;
  try {
    isDir = statSync(cwd).isDirectory();
  } catch {
    // reported below
  }
  if (!isDir) throw RequestError.invalidParams(undefined, `cwd ${cwd} is not a directory`);
  const width = workFolderWidth(cwd);
  if (width && 'refuse' in width) throw RequestError.invalidParams(undefined, width.refuse);
  const a = assessTrust(cwd, tackHome());
  const trust = a.status === 'none' || a.status === 'trusted' ? a.status : o.trust ? 'session' : 'ignored';
  if (trust === 'ignored') note(ignoredNotice(a));
  const config = await loadConfig({ ...o.flags, cwd }, process.env, note, { trust });
  return width ? { config, warning: width.warn } : { config };
}
