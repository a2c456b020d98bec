// Where `tack mcp add -s local|project|user` writes, as Claude Code's scopes: `local` is the user's
// own and private, for one project only (a file under $TACK_HOME named for the project's root);
// `project` is the repository's `.mcp.json`, shared with whoever clones it; `user` is
// $TACK_HOME/config.json, for every project.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readMcpFile, type McpSource } from './mcp-servers.js';
import { cwdSlug, findRepoRoot } from './paths.js';

export const MCP_SCOPES = ['local', 'project', 'user'] as const;
export type McpScope = (typeof MCP_SCOPES)[number];

/** The project a folder belongs to: its repository's root, or the folder itself outside a repository. */
function projectRoot(cwd: string): string {
  return findRepoRoot(cwd) ?? resolve(cwd);
}

/**
 * The local scope's folder for a project: its path flattened (`/a/b-c` and `/a/b/c` alike), so a
 * hash of the whole path keeps each project's servers to that project.
 */
function localFolder(root: string): string {
  return `${cwdSlug(root)}-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`;
}

/** The file each scope writes, for a run in `cwd`. */
export function mcpScopeFiles(home: string, cwd: string): Record<McpScope, string> {
  const root = projectRoot(cwd);
  return {
    local: join(home, 'projects', localFolder(root), 'mcp.json'),
    project: join(root, '.mcp.json'),
    user: join(home, 'config.json'),
  };
}

/** The local scope's servers for `cwd`: the user's own file, so it applies without folder trust. */
export function localMcpSource(home: string, cwd: string): McpSource | undefined {
  const path = mcpScopeFiles(home, cwd).local;
  return existsSync(path) ? readMcpFile(path) : undefined;
}
