// What the user's setup adds to a session: custom commands (and, below, skills and hooks), from the
// user's own folders always and from the project's only when the folder is trusted.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import type { ResolvedConfig } from '../../config/resolve.js';
import { loadCommands, type CustomCommand } from '../../extensions/commands/catalog.js';
import { loadSkills, type Skill } from '../../extensions/skills/catalog.js';
import { loadAgents, type AgentDefinition } from '../../extensions/agents/catalog.js';
import type { CatalogProblem, SourceRoots } from '../../extensions/sources.js';
import { loadHooks } from '../../extensions/hooks/sources.js';
import { SessionHooks, type SessionHooksOptions } from './hooks.js';
import type { ExtensionGrant } from '../permissions/grant-reach.js';
import { escapeGlob } from '../permissions/glob.js';
import { parseRule } from '../permissions/rules.js';

export interface SessionExtensions {
  commands: CustomCommand[];
  skills: Skill[];
  /** agent definitions (the task tool's agents besides the built-in ones) */
  agents: AgentDefinition[];
  /** undefined when no hook applies */
  hooks: SessionHooks | undefined;
  /** files skipped, each with its reason (shown once as a notice) */
  problems: CatalogProblem[];
}

export const NO_EXTENSIONS: SessionExtensions = { commands: [], skills: [], agents: [], hooks: undefined, problems: [] };

/** The project's own files apply by the user's choice (`trusted`, `session`); `none` means there are none. */
export function appliesProject(config: Pick<ResolvedConfig, 'trust'>): boolean {
  return config.trust === 'trusted' || config.trust === 'session';
}

export function extensionRoots(config: Pick<ResolvedConfig, 'cwd' | 'home'>): SourceRoots & { userHome: string } {
  return { cwd: config.cwd, home: config.home, userHome: homedir() };
}

export async function loadExtensions(config: ResolvedConfig, hookOptions: Omit<SessionHooksOptions, 'cwd'>): Promise<SessionExtensions> {
  const roots = extensionRoots(config);
  const [commands, skills, agents] = await Promise.all([
    loadCommands(roots, appliesProject(config)),
    loadSkills(roots, appliesProject(config)),
    loadAgents(roots, appliesProject(config)),
  ]);
  const hooks = loadHooks(roots, config.hooks, appliesProject(config));
  return {
    commands: commands.commands,
    skills: skills.skills,
    agents: agents.agents,
    hooks: hooks.specs.length > 0 ? new SessionHooks(hooks.specs, { ...hookOptions, cwd: config.cwd }) : undefined,
    problems: [...commands.problems, ...skills.problems, ...agents.problems, ...hooks.problems],
  };
}

export function problemNotes(ext: SessionExtensions): string[] {
  return ext.problems.map((p) => `skipped ${p.path}: ${p.problem}`);
}

/**
 * Read rules for the skills' folders: the model may read a skill (one under $TACK_HOME or ~, or a
 * project's when tack runs in a sub-folder) without a question. Each names its own real folder only,
 * which the catalog made sure is no link up to a folder holding it (nor, for a project's, out of
 * it), and like every extension rule it never covers a file that usually holds secrets.
 */
export function skillReadRules(skills: readonly Skill[]): ExtensionGrant {
  const rules = skills.map((skill) => {
    let dir = skill.dir;
    try {
      dir = realpathSync(dir);
    } catch {}
    return parseRule(`read(${escapeGlob(dir)}/**)`, 'allow', homedir());
  });
  return { rules, reach: 'as-written' };
}
