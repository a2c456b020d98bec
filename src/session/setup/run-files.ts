// The workspace files this session's hooks and stdio MCP servers run (src/trust/runs.ts): the
// sandbox keeps them read-only and the policy asks before a file tool changes them, whoever
// configured the command (the project, or the user for every project).
import type { McpServerSpec } from '../../config/mcp-servers.js';
import type { HookSpec } from '../../extensions/hooks/sources.js';
import { trustRoot } from '../../trust/project-files.js';
import { runsOfArgv, runsOfLine, type Runs } from '../../trust/runs.js';

export function hookRuns(spec: Pick<HookSpec, 'command'>, cwd: string): Runs {
  return runsOfLine(spec.command, { cwd, root: trustRoot(cwd) });
}

export function runFilesOf(cwd: string, hooks: readonly HookSpec[], servers: readonly McpServerSpec[]): string[] {
  const root = trustRoot(cwd);
  const runs = [
    ...hooks.map((h) => hookRuns(h, cwd)),
    ...servers.flatMap((s) => (s.transport === 'stdio' && !s.disabled ? [runsOfArgv([s.command, ...s.args], { cwd: s.cwd ?? cwd, root })] : [])),
  ];
  return [...new Set(runs.flatMap((r) => r.files))];
}
