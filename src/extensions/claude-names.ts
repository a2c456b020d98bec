// Claude Code's tool names and rule spelling, read as tack's: `Bash(git add:*)` → `bash(git add*)`,
// `Edit` → `edit`, `Glob` → `find`. Used for a command's `allowed-tools` and for hook matchers.

const TOOLS: Record<string, string> = {
  bash: 'bash',
  edit: 'edit',
  multiedit: 'edit',
  write: 'write',
  read: 'read',
  grep: 'grep',
  glob: 'find',
  find: 'find',
  ls: 'ls',
};

/** tack's name for a tool named the Claude Code way (or tack's way); undefined when tack has no such tool. */
export function tackToolName(name: string): string | undefined {
  if (name.startsWith('mcp__')) return name;
  return TOOLS[name.toLowerCase()];
}

/** One `allowed-tools` entry as a tack permission rule, or undefined when it names no tack tool. */
export function tackRule(entry: string): string | undefined {
  const m = /^\s*([A-Za-z_][\w-]*)\s*(?:\((.*)\))?\s*$/s.exec(entry);
  if (!m) return undefined;
  const tool = tackToolName(m[1]!);
  if (!tool) return undefined;
  const pattern = m[2]?.trim();
  if (pattern === undefined) return tool;
  // Claude's `git add:*` is a prefix: `git add` followed by anything
  const prefix = /^(.*):\*$/.exec(pattern);
  return `${tool}(${prefix ? `${prefix[1]}*` : pattern})`;
}

const CLAUDE_NAMES: Record<string, string> = { bash: 'Bash', edit: 'Edit', write: 'Write', read: 'Read', grep: 'Grep', find: 'Glob', ls: 'LS' };

/** The name Claude Code gives tack's tool (hooks written for Claude match on it); MCP names are shared. */
export function claudeToolName(tackName: string): string {
  return CLAUDE_NAMES[tackName] ?? tackName;
}
