// Permission rules from the settings files: `bash(npm test*)`, `edit(src/**)`, `read(**/.env)`, or a
// bare tool name for every use of it. Parsed once, so a typo stops tack at start with exit code 2.
import { isAbsolute, relative, sep } from 'node:path';
import { isInside } from '../../../tools/paths.js';
import { commandPatternToRegExp, escapeGlob, pathMatcher } from './glob.js';

export type RuleList = 'allow' | 'ask' | 'deny';

export interface Rule {
  /** as written in the settings file */
  text: string;
  list: RuleList;
  /** the tool name the rule starts with */
  tool: string;
  /** undefined: every use of the tool */
  matcher: ((subject: string) => boolean) | undefined;
  /** for path rules: how the pattern is compared */
  anchor: 'absolute' | 'workspace' | 'any-segment' | undefined;
}

export interface Rules {
  allow: Rule[];
  ask: Rule[];
  deny: Rule[];
}

export const NO_RULES: Rules = { allow: [], ask: [], deny: [] };

/** Which tool calls a rule's tool name covers: `read` rules govern every tool that looks at files. */
const COVERS: Record<string, readonly string[]> = {
  bash: ['bash'],
  read: ['read', 'grep', 'find', 'ls'],
  edit: ['edit', 'write'],
  write: ['edit', 'write'],
  grep: ['grep'],
  find: ['find'],
  ls: ['ls'],
};

export class RuleError extends Error {}

/**
 * `mcp__server__tool`, `mcp__server__*` or `mcp__server` (every tool of the server): matched against
 * the name the model calls, with the server and tool spelled as they are sanitised for it.
 */
function parseMcpRule(text: string, list: RuleList): Rule | undefined {
  const m = /^\s*mcp__([A-Za-z0-9_.*-]+?)(?:__([A-Za-z0-9_.*-]+))?\s*$/.exec(text);
  if (!m) return undefined;
  const part = (p: string) => p.replace(/[^A-Za-z0-9_*-]/g, '_').replace(/\*/g, '.*');
  const re = new RegExp(`^mcp__${part(m[1]!)}__${m[2] === undefined ? '.*' : part(m[2])}$`);
  return { text, list, tool: 'mcp', matcher: (name) => re.test(name), anchor: undefined };
}

export function parseRule(text: string, list: RuleList, home: string): Rule {
  const mcp = parseMcpRule(text, list);
  if (mcp) return mcp;
  const match = /^\s*([a-z]+)\s*(?:\((.*)\))?\s*$/s.exec(text);
  const tool = match?.[1];
  if (!match || !tool || !(tool in COVERS)) {
    throw new RuleError(
      `the permission rule "${text}" in permissions.${list} is not understood; write tool(pattern) with one of ` +
        `${Object.keys(COVERS).join(', ')}, e.g. "bash(npm test*)" or "edit(src/**)", or an MCP tool: "mcp__server__tool", "mcp__server__*"`,
    );
  }
  const pattern = match[2]?.trim();
  if (pattern === undefined || pattern === '' || pattern === '*' || pattern === '**') return { text, list, tool, matcher: undefined, anchor: undefined };
  if (tool === 'bash') {
    const re = commandPatternToRegExp(pattern);
    return { text, list, tool, matcher: (command) => re.test(command), anchor: undefined };
  }
  let glob = pattern.replace(/^~(?=\/|$)/, escapeGlob(home)).replace(/^(\.\/)+/, '');
  if (glob.endsWith('/')) glob += '**';
  const anchor = isAbsolute(glob) ? 'absolute' : glob.includes('/') ? 'workspace' : 'any-segment';
  return { text, list, tool, matcher: pathMatcher(glob), anchor };
}

export function parseRules(lists: Partial<Record<RuleList, readonly string[]>>, home: string): Rules {
  return {
    allow: (lists.allow ?? []).map((t) => parseRule(t, 'allow', home)),
    ask: (lists.ask ?? []).map((t) => parseRule(t, 'ask', home)),
    deny: (lists.deny ?? []).map((t) => parseRule(t, 'deny', home)),
  };
}

export function ruleCovers(rule: Rule, toolName: string): boolean {
  if (rule.tool === 'mcp') return toolName.startsWith('mcp__') && rule.matcher!(toolName);
  return COVERS[rule.tool]?.includes(toolName) ?? false;
}

/** Whether a path rule matches an absolute path, for a workspace rooted at `cwd`. */
export function matchesPath(rule: Rule, absolute: string, cwd: string): boolean {
  if (!rule.matcher) return true;
  switch (rule.anchor) {
    case 'absolute':
      return rule.matcher(absolute);
    case 'workspace': {
      const rel = relative(cwd, absolute);
      return rel !== '' && isInside(cwd, absolute) && rule.matcher(rel.split(sep).join('/'));
    }
    default:
      // `*.pem`, `.env*`: any file or directory of that name, wherever it is
      return absolute.split(sep).some((segment) => segment !== '' && rule.matcher!(segment));
  }
}

/** Whether a command rule matches any of the texts (a command as written, and unwrapped). */
export function matchesCommand(rule: Rule, texts: readonly string[]): boolean {
  return !rule.matcher || texts.some((t) => rule.matcher!(t.trim().replace(/\s+/g, ' ')));
}

/** The rule that would let this path be read or changed again: the file itself. */
export function suggestPathRule(tool: 'read' | 'edit', absolute: string, cwd: string): string {
  const rel = relative(cwd, absolute);
  return `${tool}(${rel !== '' && isInside(cwd, absolute) ? rel.split(sep).join('/') : absolute})`;
}
