// Custom slash commands from markdown (Claude Code, OpenCode, tack) and TOML (Gemini CLI) files: one
// command per file, sub-folders as namespaces (`frontend/review.md` → `frontend:review`). The first
// source holding a name wins; the others are kept as `shadowed` so the menu can say which was picked.
import { firstLine, listField, splitFrontmatter, stringField } from '../frontmatter.js';
import { listFiles, readExtensionFile } from '../files.js';
import { usableSourceDirs, type CatalogProblem, type SourceDir, type SourceRoots } from '../sources.js';

export interface CustomCommand {
  /** `review`, `frontend:review` */
  name: string;
  description: string | undefined;
  argumentHint: string | undefined;
  model: string | undefined;
  /** `allowed-tools`, as written (tack's rules or Claude Code's `Bash(git add:*)`) */
  allowedTools: string[];
  body: string;
  path: string;
  /** the folder it came from, as the user knows it: `.claude/commands` */
  source: string;
  /** from the project's folders: its `allowed-tools` never reach outside the workspace */
  project: boolean;
  /** other files of the same name that lost to this one, by source */
  shadowed: string[];
}

export interface CommandCatalog {
  commands: CustomCommand[];
  /** files skipped, each with a one-line reason */
  problems: CatalogProblem[];
}

function commandName(rel: string, ext: string): string | undefined {
  const name = rel.slice(0, -ext.length).split('/').join(':');
  return /^[A-Za-z0-9][\w.:-]*$/.test(name) ? name : undefined;
}

type Parsed = Omit<CustomCommand, 'name' | 'path' | 'source' | 'project' | 'shadowed'>;

async function parseMarkdown(text: string): Promise<Parsed> {
  const { data, body } = await splitFrontmatter(text);
  return {
    description: stringField(data, 'description'),
    argumentHint: stringField(data, 'argument-hint'),
    model: stringField(data, 'model'),
    allowedTools: listField(data, 'allowed-tools'),
    body: body.trim(),
  };
}

async function parseGemini(text: string): Promise<Parsed> {
  const { parse } = await import('smol-toml');
  let data: Record<string, unknown>;
  try {
    data = parse(text) as Record<string, unknown>;
  } catch (err) {
    throw new Error(`it is not valid TOML: ${firstLine(err)}`);
  }
  if (typeof data.prompt !== 'string') throw new Error('it has no "prompt" string');
  return {
    description: typeof data.description === 'string' ? data.description : undefined,
    argumentHint: undefined,
    model: undefined,
    allowedTools: [],
    body: data.prompt.trim(),
  };
}

async function readSource(src: SourceDir, problems: CatalogProblem[]): Promise<CustomCommand[]> {
  const ext = src.format === 'toml' ? '.toml' : '.md';
  const out: CustomCommand[] = [];
  for (const rel of listFiles(src.dir, (n) => n.endsWith(ext))) {
    const path = `${src.dir}/${rel}`;
    const name = commandName(rel, ext);
    if (!name) {
      problems.push({ path, problem: 'its name is not a command name (letters, digits, - _ . only)' });
      continue;
    }
    const read = readExtensionFile(src.dir, rel);
    if ('problem' in read) {
      problems.push({ path, problem: read.problem });
      continue;
    }
    try {
      const parsed = await (src.format === 'toml' ? parseGemini(read.text) : parseMarkdown(read.text));
      out.push({ ...parsed, name, path, source: src.label, project: src.project, shadowed: [] });
    } catch (err) {
      problems.push({ path, problem: (err as Error).message });
    }
  }
  return out;
}

/** The commands of every source that applies (`applyProject`: the folder is trusted). */
export async function loadCommands(roots: SourceRoots, applyProject: boolean): Promise<CommandCatalog> {
  const { sources, problems } = usableSourceDirs('commands', roots, applyProject);
  const byName = new Map<string, CustomCommand>();
  for (const src of sources) {
    for (const cmd of await readSource(src, problems)) {
      const key = cmd.name.toLowerCase();
      const first = byName.get(key);
      if (first) first.shadowed.push(cmd.source);
      else byName.set(key, cmd);
    }
  }
  return { commands: [...byName.values()], problems };
}

/** Every file a project's command folders hold (for trust's fingerprints), absolute. */
export function projectCommandFiles(roots: SourceRoots): string[] {
  return usableSourceDirs('commands', roots, true)
    .sources.filter((s) => s.project)
    .flatMap((s) => listFiles(s.dir, (n) => n.endsWith(s.format === 'toml' ? '.toml' : '.md')).map((rel) => `${s.dir}/${rel}`));
}
