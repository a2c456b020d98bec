// Agent definitions users already have: Claude Code's `.claude/agents/*.md`, tack's `.tack/agents/`
// and `$TACK_HOME/agents/`, OpenCode's `.opencode/agent/*.md` (only those with `mode: subagent` or
// no mode). Frontmatter `name`, `description`, `tools`, `model`; the body is the instructions.
// A project's apply only in a trusted folder (sources.ts), like its commands and skills.
import { basename } from 'node:path';
import { tackToolName } from '../claude-names.js';
import { listFiles, readExtensionFile } from '../files.js';
import { listField, splitFrontmatter, stringField } from '../frontmatter.js';
import { usableSourceDirs, type CatalogProblem, type SourceDir, type SourceRoots } from '../sources.js';

export interface AgentDefinition {
  name: string;
  description: string;
  /** instructions added to the child's system prompt */
  instructions: string;
  /** tack's names of the tools it may use; undefined: every tool of the parent */
  tools?: string[];
  /** bash only for commands that only look (the built-in explore agent) */
  readOnlyBash?: boolean;
  /** a model id on the parent's server; undefined: the parent's model */
  model?: string;
  /** `worktree`: it works in a temporary git worktree, and its changes come back through the parent's gate */
  isolation?: 'worktree';
  /** where it came from, as the user knows it: `.claude/agents`, `built-in` */
  source: string;
  path?: string;
}

export interface AgentCatalog {
  agents: AgentDefinition[];
  problems: CatalogProblem[];
}

const NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/i;
const DESCRIPTION_LIMIT = 1024;
/** Claude Code's aliases name its own models, not one of the parent's server: the parent's model is used */
const MODEL_ALIASES = new Set(['inherit', 'sonnet', 'opus', 'haiku']);

/** OpenCode writes `tools: { write: false, bash: true }`; Claude Code a list or `Read, Grep`. */
function toolsOf(data: Record<string, unknown>): string[] | undefined {
  const raw = data.tools;
  if (raw === undefined || raw === null) return undefined;
  const names =
    typeof raw === 'object' && !Array.isArray(raw)
      ? Object.entries(raw as Record<string, unknown>)
          .filter(([, on]) => on === true)
          .map(([name]) => name)
      : listField(data, 'tools');
  // `Bash(git log:*)` narrows to bash; a name tack has no tool for gives nothing
  const tack = names.map((n) => tackToolName(n.replace(/\(.*$/s, '').trim())).filter((n): n is string => n !== undefined);
  return [...new Set(tack)];
}

async function readAgent(src: SourceDir, rel: string): Promise<AgentDefinition | CatalogProblem | undefined> {
  const path = `${src.dir}/${rel}`;
  const read = readExtensionFile(src.dir, rel);
  if ('problem' in read) return { path, problem: read.problem };
  try {
    const { data, body } = await splitFrontmatter(read.text);
    const mode = stringField(data, 'mode');
    if (mode !== undefined && mode !== 'subagent' && mode !== 'all') return undefined;
    const name = stringField(data, 'name') ?? basename(rel, '.md');
    if (!NAME.test(name)) return { path, problem: `it has the name "${name}": an agent's name is letters, digits, - and _` };
    const description = stringField(data, 'description');
    if (!description) return { path, problem: 'it has no description in its frontmatter' };
    const model = stringField(data, 'model');
    return {
      name,
      description: description.slice(0, DESCRIPTION_LIMIT),
      instructions: body.trim(),
      tools: toolsOf(data),
      model: model && !MODEL_ALIASES.has(model.toLowerCase()) ? model : undefined,
      isolation: stringField(data, 'isolation') === 'worktree' ? 'worktree' : undefined,
      source: src.label,
      path,
    };
  } catch (err) {
    return { path, problem: (err as Error).message };
  }
}

/** Markdown files of an agents folder, one level (Claude Code and OpenCode keep them flat). */
function agentFiles(src: SourceDir): string[] {
  return listFiles(src.dir, (n) => n.endsWith('.md')).filter((rel) => !rel.includes('/'));
}

export async function loadAgents(roots: SourceRoots, applyProject: boolean): Promise<AgentCatalog> {
  const agents = new Map<string, AgentDefinition>();
  const { sources, problems } = usableSourceDirs('agents', roots, applyProject);
  for (const src of sources) {
    for (const rel of agentFiles(src)) {
      const found = await readAgent(src, rel);
      if (!found) continue;
      if ('problem' in found) problems.push(found);
      else if (!agents.has(found.name)) agents.set(found.name, found);
    }
  }
  return { agents: [...agents.values()], problems };
}

/** Every agent file of the project's folders (for trust's fingerprints). */
export function projectAgentFiles(roots: SourceRoots): string[] {
  return usableSourceDirs('agents', roots, true)
    .sources.filter((s) => s.project)
    .flatMap((s) => agentFiles(s).map((rel) => `${s.dir}/${rel}`));
}
