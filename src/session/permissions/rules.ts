// Permission rules from the settings files: `bash(npm test*)`, `edit(src/**)`, `read(**/.env)`, or a
// bare tool name for every use of it. Parsed once, so a typo stops tack at start with exit code 2.
import { isAbsolute, relative, sep } from 'node:path';
import { isInside } from '../../../tools/fs/paths.js';
import { PREFIX, sanitize } from '../../extensions/mcp/names.js';
import { domainMatcher } from './domain.js';
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
  fetch: ['fetch'],
  search: ['search'],
};

export class RuleError extends Error {}

/**
 * The ways to read an MCP tool's name as (server, tool). Server names may hold `__`, so
 * `mcp__docs__x__t` is server `docs__x`'s tool `t` or server `docs`'s tool `x__t`: the configured
 * servers decide; without one that fits, every reading counts.
 */
function mcpReadings(name: string, servers: readonly string[]): { server: string; tool: string }[] {
  const configured = servers.map(sanitize).filter((s) => name.startsWith(`${PREFIX}${s}__`));
  if (configured.length > 0) return configured.map((server) => ({ server, tool: name.slice(PREFIX.length + server.length + 2) }));
  const rest = name.slice(PREFIX.length);
  const readings: { server: string; tool: string }[] = [];
  for (let at = rest.indexOf('__'); at > 0; at = rest.indexOf('__', at + 1)) {
    if (at + 2 < rest.length) readings.push({ server: rest.slice(0, at), tool: rest.slice(at + 2) });
  }
  return readings;
}

/**
 * `mcp__server__tool`, `mcp__server__*` or `mcp__server` (every tool of the server): the server
 * part must name the tool's server exactly, so `mcp__docs` says nothing about a server `docs__x`.
 * Where a name reads two ways (both servers configured), an allow rule must cover both readings
 * and a deny or ask rule either: an ambiguity never lets more run.
 */
function parseMcpRule(text: string, list: RuleList, servers: readonly string[]): Rule | undefined {
  const m = /^\s*mcp__([A-Za-z0-9_.*-]+?)(?:__([A-Za-z0-9_.*-]+))?\s*$/.exec(text);
  if (!m) return undefined;
  const part = (p: string) => new RegExp(`^${p.replace(/[^A-Za-z0-9_*-]/g, '_').replace(/\*/g, '.*')}$`);
  // `mcp__docs__x` is the server `docs__x` whole when that is a configured server's name
  const whole = servers.map(sanitize).includes(sanitize(text.trim().slice(PREFIX.length)));
  const server = part(whole ? text.trim().slice(PREFIX.length) : m[1]!);
  const tool = whole || m[2] === undefined ? /^/ : part(m[2]);
  const covers = (r: { server: string; tool: string }) => server.test(r.server) && tool.test(r.tool);
  const matcher = (name: string) => {
    const readings = mcpReadings(name, servers);
    return list === 'allow' ? readings.length > 0 && readings.every(covers) : readings.some(covers);
  };
  return { text, list, tool: 'mcp', matcher, anchor: undefined };
}

/** `mcpServers`: the configured MCP servers' names, which decide whose tool an `mcp__…` name is. */
export function parseRule(text: string, list: RuleList, home: string, mcpServers: readonly string[] = []): Rule {
  const mcp = parseMcpRule(text, list, mcpServers);
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
  if (tool === 'fetch' || tool === 'search') {
    const matcher = tool === 'fetch' ? domainMatcher(pattern) : undefined;
    if (!matcher)
      throw new RuleError(
        `the permission rule "${text}" in permissions.${list} is not understood; write "fetch(domain:docs.python.org)", "fetch(domain:*.python.org)", or "${tool}" for every use`,
      );
    return { text, list, tool, matcher, anchor: undefined };
  }
  let glob = pattern.replace(/^~(?=\/|$)/, escapeGlob(home)).replace(/^(\.\/)+/, '');
  if (glob.endsWith('/')) glob += '**';
  const anchor = isAbsolute(glob) ? 'absolute' : glob.includes('/') ? 'workspace' : 'any-segment';
  return { text, list, tool, matcher: pathMatcher(glob), anchor };
}

export function parseRules(lists: Partial<Record<RuleList, readonly string[]>>, home: string, mcpServers: readonly string[] = []): Rules {
  return {
    allow: (lists.allow ?? []).map((t) => parseRule(t, 'allow', home, mcpServers)),
    ask: (lists.ask ?? []).map((t) => parseRule(t, 'ask', home, mcpServers)),
    deny: (lists.deny ?? []).map((t) => parseRule(t, 'deny', home, mcpServers)),
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
