// The one list of what runs later: files in the writable workspace that make a program run later,
// outside the sandbox, or loosen the next session. Git's hooks, config and info (a hook or
// `core.fsmonitor` runs at the user's next commit or status), the folder `core.hooksPath` names, the
// same of every repository nested in the workspace, tack's, Claude Code's, MCP's, VS Code's,
// OpenCode's and Gemini's project files, and the workspace files a trusted hook or MCP server runs.
// The sandbox keeps them read-only (and lets none be created), the policy asks before edit or write
// changes them, and trust pins what hooks and servers run. Paths that do not exist yet are listed too.
import { accessSync, constants, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { isInside } from '../fs/paths.js';

/** Project files of the workspace that configure tools which run programs. */
export const CONTROL_NAMES: readonly string[] = ['.tack', '.mcp.json', '.claude', '.agents', '.vscode', '.opencode', '.gemini'];
/** Inside a git directory. */
const PROTECTED_GIT_PATHS = ['hooks', 'config', 'config.worktree', 'info'];
/** Submodules keep their own git directories under `modules/`, nested as deep as they go. */
const MODULE_DEPTH = 3;

export interface RunsLater {
  /** git directories inside the workspace, bound onto themselves: a mount point cannot be renamed away and replaced */
  pinned: string[];
  /** bound read-only over the writable workspace (or git directory) */
  readOnly: string[];
  /** on the list but not there yet (inside the workspace): nothing may create them */
  missing: string[];
}

export interface RunsLaterSources {
  /** git directories of the repositories nested in the workspace (tools/sandbox/workspace-scan.ts) */
  nestedGitDirs: readonly string[];
  /** workspace files that a trusted hook or MCP server runs (src/trust/runs.ts) */
  runFiles?: readonly string[];
}

interface GitLayout {
  /** the work tree's root */
  top: string;
  /** `.git` when it is a file (a worktree or submodule checkout) */
  dotGitFile: string | undefined;
  /** the git directory and, for a worktree, the common one */
  gitDirs: string[];
}

function gitLayout(cwd: string): GitLayout | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    if (existsSync(dotGit)) {
      if (statSync(dotGit).isDirectory()) return { top: dir, dotGitFile: undefined, gitDirs: [dotGit] };
      const gitdir = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
      if (!gitdir) return undefined;
      const real = resolve(dir, gitdir);
      const commonFile = join(real, 'commondir');
      const common = existsSync(commonFile) ? resolve(real, readFileSync(commonFile, 'utf8').trim()) : undefined;
      return { top: dir, dotGitFile: dotGit, gitDirs: [real, ...(common ? [common] : [])].filter((d) => existsSync(d)) };
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** `core.hooksPath` from a git config file, when it names a folder (husky's `.husky`, say). */
export function hooksPathOf(configText: string): string | undefined {
  let inCore = false;
  for (const raw of configText.split('\n')) {
    const line = raw.trim();
    const section = /^\[\s*([^\]\s"]+)/.exec(line);
    if (section) inCore = section[1]!.toLowerCase() === 'core';
    const m = inCore ? /^hookspath\s*=\s*(.*)$/i.exec(line) : null;
    if (m) return m[1]!.replace(/^"(.*)"$/, '$1').trim() || undefined;
  }
  return undefined;
}

function moduleGitDirs(gitDir: string, depth: number): string[] {
  const modules = join(gitDir, 'modules');
  if (depth === 0 || !existsSync(modules)) return [];
  const found: string[] = [];
  const visit = (dir: string, level: number) => {
    if (level > MODULE_DEPTH * 2) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const path = join(dir, entry.name);
      // a module's git directory has HEAD; a name with slashes is nested folders without one
      if (existsSync(join(path, 'HEAD'))) found.push(path, ...moduleGitDirs(path, depth - 1));
      else visit(path, level + 1);
    }
  };
  visit(modules, 0);
  return found;
}

/** Every path of the list for a workspace, sorted into what exists and what does not yet. */
export function runsLater(cwd: string, sources: RunsLaterSources): RunsLater {
  const list: RunsLater = { pinned: [], readOnly: [], missing: [] };
  const add = (path: string) => {
    if (existsSync(path)) list.readOnly.push(path);
    else if (isInside(cwd, path) && canBeMade(path)) list.missing.push(path);
  };
  for (const name of CONTROL_NAMES) add(join(cwd, name));
  const git = gitLayout(cwd);
  if (git) {
    list.pinned.push(...git.gitDirs.filter((d) => isInside(cwd, d)));
    if (git.dotGitFile && isInside(cwd, git.dotGitFile)) list.readOnly.push(git.dotGitFile);
    for (const gitDir of git.gitDirs.flatMap((d) => [d, ...moduleGitDirs(d, MODULE_DEPTH)])) gitDirProtection(gitDir, git.top, add);
  }
  // Nested repositories: what a command plants in their hooks or config would run at the user's next
  // git command there. Their git directories are pinned, so none can be swapped for a planted one.
  for (const gitDir of sources.nestedGitDirs) {
    list.pinned.push(gitDir);
    gitDirProtection(gitDir, dirname(gitDir), add);
  }
  for (const file of sources.runFiles ?? []) if (isInside(cwd, file)) add(file);
  // a place inside another one is covered by it (and bwrap could not make its mount point there)
  const covers = [...list.readOnly, ...list.missing];
  const missing = [...new Set(list.missing)].filter((path) => !covers.some((other) => other !== path && isInside(other, path)));
  return { pinned: [...new Set(list.pinned)], readOnly: [...new Set(list.readOnly)], missing };
}

/**
 * Whether a command could make a path that is not there: its nearest existing folder is writable. Not
 * through a dangling link (bwrap would follow it), and not on a read-only file system, where bwrap
 * could not make the placeholder's mount point and every command would fail.
 */
function canBeMade(path: string): boolean {
  let parent = path;
  for (; !existsSync(parent); parent = dirname(parent)) {
    if (isLink(parent)) return false;
    if (dirname(parent) === parent) return false;
  }
  try {
    accessSync(parent, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Every path of the list, existing or not: what the policy asks about before a file tool changes it. */
export function runsLaterPaths(list: RunsLater): string[] {
  return [...list.readOnly, ...list.missing];
}

/** Whether a workspace path is on the list: under a control name or a `.git` anywhere, or inside a listed path. */
export function isRunsLater(absolute: string, cwd: string, paths: readonly string[] = []): boolean {
  if (!isInside(cwd, absolute)) return false;
  const parts = absolute.slice(cwd.length + 1).split(sep);
  return parts.some((part) => part === '.git' || CONTROL_NAMES.includes(part)) || paths.some((path) => isInside(path, absolute));
}

/** What stays read-only of one git directory: hooks, config, info, and the folder `core.hooksPath` names. */
function gitDirProtection(gitDir: string, top: string, add: (path: string) => void): void {
  // A missing hooks folder would let a command create one; git makes it at `init` anyway.
  try {
    mkdirSync(join(gitDir, 'hooks'), { recursive: true });
  } catch {
    // a read-only git directory: nothing can be planted there either
  }
  for (const p of PROTECTED_GIT_PATHS) {
    const path = join(gitDir, p);
    if (existsSync(path)) add(path);
  }
  const config = join(gitDir, 'config');
  const hooksPath = existsSync(config) ? hooksPathOf(readFileSync(config, 'utf8')) : undefined;
  // a hooks folder named but not made yet (husky before `prepare`) must not be made by a command either
  if (hooksPath) add(resolve(top, hooksPath));
}

/** Words in a failed command's output that show it ran into one of these paths. */
export const PROTECTED_MENTION = /\.git\/(?:hooks|config|info)|\.git\b|\.tack\b|\.mcp\.json|\.claude\b|\.agents\b|\.vscode\b|\.opencode\b|\.gemini\b|hooks/;
