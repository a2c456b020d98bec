// What stays read-only inside the sandbox although it lies in the writable workspace: files that
// make something run later, outside the sandbox, or loosen the next tack session. Git's hooks,
// config and info (a hook or `core.fsmonitor` runs at the user's next commit or status), tack's,
// Claude Code's, MCP's and VS Code's project files, and the folder `core.hooksPath` names.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isInside } from './paths.js';

/** Project files of the workspace that configure tools which run programs. */
export const PROTECTED_PROJECT_PATHS = ['.tack', '.mcp.json', '.claude', '.agents', '.vscode', '.opencode', '.gemini'];
/** Inside a git directory. */
const PROTECTED_GIT_PATHS = ['hooks', 'config', 'config.worktree', 'info'];
/** Submodules keep their own git directories under `modules/`, nested as deep as they go. */
const MODULE_DEPTH = 3;

export interface Protection {
  /** git directories inside the workspace, bound onto themselves: a mount point cannot be renamed away and replaced */
  pinned: string[];
  /** bound read-only over the writable workspace (or git directory) */
  readOnly: string[];
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

export function planProtection(cwd: string): Protection {
  const readOnly = PROTECTED_PROJECT_PATHS.map((p) => join(cwd, p)).filter((p) => existsSync(p));
  const git = gitLayout(cwd);
  if (!git) return { pinned: [], readOnly };
  const pinned = git.gitDirs.filter((d) => isInside(cwd, d));
  if (git.dotGitFile && isInside(cwd, git.dotGitFile)) readOnly.push(git.dotGitFile);
  for (const gitDir of git.gitDirs.flatMap((d) => [d, ...moduleGitDirs(d, MODULE_DEPTH)])) readOnly.push(...gitDirProtection(gitDir, git.top, cwd));
  return { pinned, readOnly: [...new Set(readOnly)] };
}

/** What stays read-only of one git directory: hooks, config, info, and the folder `core.hooksPath` names. */
function gitDirProtection(gitDir: string, top: string, cwd: string): string[] {
  // A missing hooks folder would let a command create one; git makes it at `init` anyway.
  try {
    mkdirSync(join(gitDir, 'hooks'), { recursive: true });
  } catch {
    // a read-only git directory: nothing can be planted there either
  }
  const readOnly = PROTECTED_GIT_PATHS.map((p) => join(gitDir, p)).filter((p) => existsSync(p));
  const config = join(gitDir, 'config');
  const hooksPath = existsSync(config) ? hooksPathOf(readFileSync(config, 'utf8')) : undefined;
  const hooks = hooksPath ? resolve(top, hooksPath) : undefined;
  if (hooks && isInside(cwd, hooks) && existsSync(hooks)) readOnly.push(hooks);
  return readOnly;
}

/**
 * Repositories nested in the workspace (a vendored or cloned one, `sub/.git`) are protected as the
 * root's is: what a command plants in their hooks or config would run at the user's next git
 * command there. Their git directories are pinned, so none can be swapped for a planted one.
 */
export function nestedProtection(gitDirs: readonly string[]): Protection {
  return { pinned: [...gitDirs], readOnly: gitDirs.flatMap((gitDir) => gitDirProtection(gitDir, dirname(gitDir), dirname(gitDir))) };
}

/** Words in a failed command's output that show it ran into one of these paths. */
export const PROTECTED_MENTION = /\.git\/(?:hooks|config|info)|\.git\b|\.tack\b|\.mcp\.json|\.claude\b|\.agents\b|\.vscode\b|\.opencode\b|\.gemini\b|hooks/;
