// A folder's own files that change what tack does, found and fingerprinted. Today that is the
// project settings file, `.mcp.json`, command and skill files and `.claude/settings.json` (hooks).
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { isInside } from '../../tools/fs/paths.js';
import { findProjectConfig, readSettingsText } from '../config/files.js';
import { findProjectMcpFile } from '../config/mcp-servers.js';
import { findRepoRoot } from '../config/paths.js';
import { projectExtensionFiles } from '../extensions/project-files.js';
import { projectCommands, runPins, type ProjectCommand } from './run-files.js';

export interface ProjectFile {
  /** relative to the trust root, `/`-separated: `.tack/config.json` */
  rel: string;
  path: string;
  text: string;
  sha256: string;
  /** a workspace file or package.json script that these commands run (run-files.ts) */
  runBy?: string[];
}

/** The folder trust is given to: the repository root (its real path), else the directory itself. */
export function trustRoot(cwd: string): string {
  const root = findRepoRoot(cwd) ?? cwd;
  try {
    return realpathSync(root);
  } catch {
    return root;
  }
}

function fingerprint(root: string, path: string): ProjectFile {
  const text = readSettingsText(path);
  const where = join(realpathSync(dirname(path)), basename(path));
  const rel = isInside(root, where) ? relative(root, where).split(sep).join('/') : where;
  return { rel, path, text, sha256: createHash('sha256').update(text).digest('hex') };
}

/** The project's own files that would apply for a run in `cwd`, under the trust root, and what their commands run. */
export function findProjectFiles(cwd: string, home: string): { root: string; files: ProjectFile[]; commands: ProjectCommand[] } {
  const root = trustRoot(cwd);
  const files: ProjectFile[] = [];
  const settings = findProjectConfig(cwd, join(home, 'config.json'));
  // one that cannot be read safely (a link out, `-> /dev/zero`, too large) stops tack with one sentence
  if (settings) files.push(fingerprint(root, settings));
  // Claude Code's MCP servers file: the programs it names would run as soon as a session starts
  const mcp = findProjectMcpFile(cwd);
  if (mcp) files.push(fingerprint(root, mcp));
  // commands, skills and Claude Code's settings (hooks): a file that cannot be read safely is skipped
  // here as it is where it would be loaded
  for (const path of projectExtensionFiles({ cwd, home })) {
    try {
      files.push(fingerprint(root, path));
    } catch {}
  }
  // what their hooks and servers run is pinned too: the agent may write it, and it runs outside the sandbox
  const commands = projectCommands(files, cwd, root);
  for (const pin of runPins(commands, root)) files.push({ rel: pin.rel, path: pin.key, text: pin.text ?? '', sha256: pin.sha256, runBy: pin.runBy });
  return { root, files, commands };
}
