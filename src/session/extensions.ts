// What the user's setup adds to a session: custom commands (and, below, skills and hooks), from the
// user's own folders always and from the project's only when the folder is trusted.
import { homedir } from 'node:os';
import type { ResolvedConfig } from '../config/resolve.js';
import { loadCommands, type CatalogProblem, type CustomCommand } from '../extensions/commands/catalog.js';
import type { SourceRoots } from '../extensions/sources.js';

export interface SessionExtensions {
  commands: CustomCommand[];
  /** files skipped, each with its reason (shown once as a notice) */
  problems: CatalogProblem[];
}

export const NO_EXTENSIONS: SessionExtensions = { commands: [], problems: [] };

/** The project's own files apply by the user's choice (`trusted`, `session`); `none` means there are none. */
export function appliesProject(config: Pick<ResolvedConfig, 'trust'>): boolean {
  return config.trust === 'trusted' || config.trust === 'session';
}

export function extensionRoots(config: Pick<ResolvedConfig, 'cwd' | 'home'>): SourceRoots {
  return { cwd: config.cwd, home: config.home, userHome: homedir() };
}

export function loadExtensions(config: ResolvedConfig): SessionExtensions {
  const commands = loadCommands(extensionRoots(config), appliesProject(config));
  return { commands: commands.commands, problems: commands.problems };
}

export function problemNotes(ext: SessionExtensions): string[] {
  return ext.problems.map((p) => `skipped ${p.path}: it ${p.problem}`);
}
