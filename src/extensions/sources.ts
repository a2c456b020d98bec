// Where commands, skills and agents come from: the user's own folders (always) and the project's (only in a
// folder the user trusts). One list, read by the extensions and by src/trust, so what is fingerprinted
// is exactly what can take effect.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { findRepoRoot } from '../config/paths.js';
import { folderProblem } from './files.js';

/** A file or folder of a source that was skipped, with a one-line reason. */
export interface CatalogProblem {
  path: string;
  problem: string;
}

export type SourceKind = 'commands' | 'skills' | 'agents';

export interface SourceDir {
  dir: string;
  /** how the source is named to the user: `.claude/commands`, `~/.tack/skills` */
  label: string;
  /** a project folder: applies only when the folder is trusted */
  project: boolean;
  /** `toml`: Gemini's command files; otherwise markdown */
  format: 'md' | 'toml';
  /** a project folder's real root: the folder and each skill in it must stay inside it */
  tree?: string;
}

export interface SourceRoots {
  cwd: string;
  /** $TACK_HOME */
  home: string;
  /** the user's home (`~`); default os.homedir() */
  userHome?: string;
}

/** The project folder the sources are read in: the repository root, else the directory itself. */
export function projectRoot(cwd: string): string {
  return findRepoRoot(cwd) ?? cwd;
}

/** Precedence: the first source holding a name wins (project before user; tack's folders before others). */
function sourceDirs(kind: SourceKind, r: SourceRoots): SourceDir[] {
  const root = projectRoot(r.cwd);
  const tree = realOrSelf(root);
  const user = r.userHome ?? homedir();
  const p = (rel: string, format: 'md' | 'toml' = 'md'): SourceDir => ({ dir: join(root, rel), label: rel, project: true, format, tree });
  const u = (dir: string, label: string, format: 'md' | 'toml' = 'md'): SourceDir => ({ dir, label, project: false, format });
  if (kind === 'commands') {
    return [
      p('.tack/commands'),
      p('.claude/commands'),
      p('.opencode/command'),
      p('.opencode/commands'),
      p('.gemini/commands', 'toml'),
      u(join(r.home, 'commands'), '$TACK_HOME/commands'),
      u(join(user, '.claude', 'commands'), '~/.claude/commands'),
      u(join(user, '.gemini', 'commands'), '~/.gemini/commands', 'toml'),
    ];
  }
  if (kind === 'agents') {
    return [
      p('.tack/agents'),
      p('.claude/agents'),
      p('.opencode/agent'),
      p('.opencode/agents'),
      u(join(r.home, 'agents'), '$TACK_HOME/agents'),
      u(join(user, '.claude', 'agents'), '~/.claude/agents'),
    ];
  }
  return [
    p('.tack/skills'),
    p('.agents/skills'),
    p('.claude/skills'),
    u(join(r.home, 'skills'), '$TACK_HOME/skills'),
    u(join(user, '.agents', 'skills'), '~/.agents/skills'),
    u(join(user, '.claude', 'skills'), '~/.claude/skills'),
  ];
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The sources that may be read, and one problem for each skipped as a link out of the project or up to a folder holding it. */
export function usableSourceDirs(kind: SourceKind, r: SourceRoots, applyProject: boolean): { sources: SourceDir[]; problems: CatalogProblem[] } {
  const sources: SourceDir[] = [];
  const problems: CatalogProblem[] = [];
  for (const src of sourceDirs(kind, r)) {
    if (src.project && !applyProject) continue;
    const problem = folderProblem(src.dir, src.tree);
    if (problem) problems.push({ path: src.dir, problem });
    else sources.push(src);
  }
  return { sources, problems };
}
