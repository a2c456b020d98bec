// Skills (the Agent Skills convention): a folder with SKILL.md, whose frontmatter gives `name` and
// `description`, its body the instructions, its other files scripts and references. Only the index
// (name, description, path) goes into the system prompt; the model reads the body when a task fits.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { folderProblem, readExtensionFile } from '../files.js';
import { splitFrontmatter, stringField } from '../frontmatter.js';
import { usableSourceDirs, type CatalogProblem, type SourceDir, type SourceRoots } from '../sources.js';

export interface Skill {
  name: string;
  description: string;
  /** the skill's folder */
  dir: string;
  /** its SKILL.md */
  path: string;
  body: string;
  /** the folder of skills it came from, as the user knows it: `.claude/skills` */
  source: string;
}

export interface SkillCatalog {
  skills: Skill[];
  problems: CatalogProblem[];
}

/** The convention's limits: a name of lowercase letters, digits and hyphens; a description of at most 1024 characters. */
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
const DESCRIPTION_LIMIT = 1024;

/** The skill folders of a source; a link out of the project or up to a folder holding it is a problem, not a skill. */
function skillFolders(src: SourceDir, problems: CatalogProblem[] = []): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(src.dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const folders: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (e.name.startsWith('.') || !(e.isDirectory() || e.isSymbolicLink())) continue;
    const problem = e.isSymbolicLink() ? folderProblem(join(src.dir, e.name), src.tree) : undefined;
    if (problem) problems.push({ path: join(src.dir, e.name), problem });
    else folders.push(e.name);
  }
  return folders;
}

async function readSkill(src: SourceDir, folder: string): Promise<Skill | CatalogProblem | undefined> {
  const path = join(src.dir, folder, 'SKILL.md');
  // read inside the skill's own folder: one that is a link was checked by skillFolders
  const read = readExtensionFile(join(src.dir, folder), 'SKILL.md');
  if ('problem' in read) return read.problem.includes('ENOENT') || read.problem.includes('ENOTDIR') ? undefined : { path, problem: read.problem };
  try {
    const { data, body } = await splitFrontmatter(read.text);
    const name = stringField(data, 'name') ?? folder;
    const description = stringField(data, 'description');
    if (!NAME.test(name)) return { path, problem: `it has the name "${name}": a skill's name is lowercase letters, digits and hyphens` };
    if (!description) return { path, problem: 'it has no description in its frontmatter' };
    return {
      name,
      description: description.slice(0, DESCRIPTION_LIMIT),
      dir: join(src.dir, folder),
      path,
      body: body.trim(),
      source: src.label,
    };
  } catch (err) {
    return { path, problem: (err as Error).message };
  }
}

export async function loadSkills(roots: SourceRoots, applyProject: boolean): Promise<SkillCatalog> {
  const skills = new Map<string, Skill>();
  const { sources, problems } = usableSourceDirs('skills', roots, applyProject);
  for (const src of sources) {
    for (const folder of skillFolders(src, problems)) {
      const found = await readSkill(src, folder);
      if (!found) continue;
      if ('problem' in found) problems.push(found);
      else if (!skills.has(found.name)) skills.set(found.name, found);
    }
  }
  return { skills: [...skills.values()], problems };
}

/** Every SKILL.md of the project's skill folders (for trust's fingerprints). */
export function projectSkillFiles(roots: SourceRoots): string[] {
  return usableSourceDirs('skills', roots, true)
    .sources.filter((s) => s.project)
    .flatMap((s) => skillFolders(s).map((folder) => join(s.dir, folder, 'SKILL.md')))
    .filter((path) => existsSync(path));
}
