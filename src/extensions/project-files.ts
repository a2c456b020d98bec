// Every file of a project that the extensions would load: what src/trust fingerprints.
import { projectAgentFiles } from './agents/catalog.js';
import { projectCommandFiles } from './commands/catalog.js';
import { projectHookFiles } from './hooks/sources.js';
import { projectSkillFiles } from './skills/catalog.js';
import type { SourceRoots } from './sources.js';

export function projectExtensionFiles(roots: SourceRoots): string[] {
  return [...projectCommandFiles(roots), ...projectSkillFiles(roots), ...projectHookFiles(roots), ...projectAgentFiles(roots)];
}
