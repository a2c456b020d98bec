// A markdown file's YAML frontmatter (`---` lines around it) and its body, as commands and skills write
// them. A frontmatter that is not YAML, or not a mapping, is an error naming the problem. The YAML
// parser loads only when a file has frontmatter: importing it costs more than a whole start-up step.
import { createRequire } from 'node:module';

export interface Frontmatter {
  data: Record<string, unknown>;
  body: string;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

type YamlParse = (text: string) => unknown;

/**
 * `yaml`'s parser, loaded on first use and synchronously (the trust question is answered so). In the
 * bundle, rolldown turns this `require` into the bundled package, evaluated on that first call; run
 * from tsc's output (tests, benches), an ES module has no `require`, and createRequire stands in.
 */
function yamlParse(): YamlParse {
  const yaml = (typeof require === 'function' ? require('yaml') : createRequire(import.meta.url)('yaml')) as typeof import('yaml');
  return yaml.parse;
}

export async function splitFrontmatter(text: string): Promise<Frontmatter> {
  return splitFrontmatterSync(text);
}

/** The same, for the trust question, which is answered synchronously. */
export function splitFrontmatterSync(text: string): Frontmatter {
  const found = fenced(text);
  return found.yaml === undefined ? { data: {}, body: found.body } : mapping(yamlParse(), found.yaml, found.body);
}

function fenced(text: string): { yaml?: string; body: string } {
  const source = text.replace(/^\uFEFF/, '');
  const m = FENCE.exec(source);
  return m ? { yaml: m[1]!, body: source.slice(m[0].length) } : { body: source };
}

function mapping(parse: YamlParse, yaml: string, body: string): Frontmatter {
  let data: unknown;
  try {
    data = parse(yaml);
  } catch (err) {
    throw new Error(`its frontmatter is not valid YAML: ${firstLine(err)}`);
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new Error('its frontmatter must be a mapping of keys to values');
  return { data: data as Record<string, unknown>, body };
}

/** A frontmatter value as a string (numbers too), or undefined. */
export function stringField(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** `allowed-tools`: a YAML list, or one string of comma-separated entries (Claude Code writes both). */
export function listField(data: Record<string, unknown>, key: string): string[] {
  const value = data[key];
  if (Array.isArray(value))
    return value
      .map(String)
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof value === 'string') return splitTopLevel(value);
  return [];
}

/** Splits at commas outside parentheses: `Bash(git add:*), Bash(git status:*)`. */
function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out.map((s) => s.trim()).filter(Boolean);
}

/** A parser's message as one line, without its trailing colon. */
export function firstLine(err: unknown): string {
  return String((err as Error).message ?? err)
    .split('\n')[0]!
    .replace(/:\s*$/, '');
}
