// Fills prompts/system.md with the active tools, the environment and the context files. One per
// session: what changes between runs (the date, the repository's state) goes in a note with the
// user's message instead (run-notes.ts), so a model server's prompt cache holds across runs.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../config/errors.js';
import { packageRoot } from '../../config/paths.js';
import { expandHome } from '../../../tools/fs/paths.js';
import { findContextFiles, renderContextFiles } from './context-files.js';
import type { Skill } from '../../extensions/skills/catalog.js';
import { renderSkillIndex } from '../../extensions/skills/prompt-index.js';

export interface PromptTool {
  name: string;
  description: string;
}

export interface SystemPromptOptions {
  cwd: string;
  home: string;
  tools: PromptTool[];
  /** replaces the template (text, or @file) */
  replace?: string;
  /** appended (text, or @file) */
  append?: string;
  /** the skills' index (name, description, SKILL.md path) */
  skills?: readonly Pick<Skill, 'name' | 'description' | 'path'>[];
}

/** The prompt, and the hash of the project instructions it holds (absent: a prompt of the user's own, which holds none). */
export interface SystemPrompt {
  prompt: string;
  instructions?: string;
}

/** Which project instructions a prompt or a note holds, short: changed ones are told in a note. */
export const instructionsHash = (section: string): string => createHash('sha256').update(section).digest('hex').slice(0, 16);

/** `@path` reads a file (relative to cwd); anything else is the text itself. */
export function textOrFile(value: string, cwd: string): string {
  if (!value.startsWith('@')) return value;
  const path = join(cwd, expandHome(value.slice(1)));
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${value.slice(1)} for the system prompt: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
}

function firstSentence(text: string): string {
  const line = text.split('\n')[0].trim();
  const end = line.search(/\.(\s|$)/);
  return end === -1 ? line : line.slice(0, end + 1);
}

export function buildSystemPrompt(o: SystemPromptOptions): SystemPrompt {
  const appended = o.append ? `\n\n${textOrFile(o.append, o.cwd).trim()}` : '';
  if (o.replace !== undefined) return { prompt: textOrFile(o.replace, o.cwd) + appended };
  const template = readFileSync(join(packageRoot(), 'prompts', 'system.md'), 'utf8');
  const context = renderContextFiles(findContextFiles(o.cwd, o.home));
  const values: Record<string, string> = {
    tools: o.tools.length ? o.tools.map((t) => `- ${t.name}: ${firstSentence(t.description)}`).join('\n') : '(no tools: answer from what you know)',
    os: `${process.platform} ${process.arch}`,
    cwd: o.cwd,
    context,
    skills: renderSkillIndex(o.skills ?? []),
  };
  const prompt = template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole).trimEnd() + appended;
  return { prompt, instructions: instructionsHash(context) };
}
