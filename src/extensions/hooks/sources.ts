// The hooks that apply: tack's settings files (as resolved), Claude Code's `~/.claude/settings.json`
// (the user's own, always) and the project's `.claude/settings.json` (only in a trusted folder).
// Claude's file is read for its `hooks` only; unknown events there are left out, not an error.
import { join } from 'node:path';
import { readBounded } from '../../config/bounded-read.js';
import { HOOK_EVENTS, type HookEvent, type HooksConfig } from '../../config/hooks-schema.js';
import { projectRoot, type SourceRoots } from '../sources.js';

export interface HookSpec {
  event: HookEvent;
  /** undefined: every tool (or an event without tools) */
  matcher: string | undefined;
  command: string;
  timeoutSeconds: number;
  /** the file it came from */
  source: string;
}

export const DEFAULT_HOOK_TIMEOUT_SECONDS = 60;
const SETTINGS_LIMIT = 1024 * 1024;

export function specsOf(source: string, hooks: HooksConfig): HookSpec[] {
  const out: HookSpec[] = [];
  for (const event of HOOK_EVENTS) {
    for (const entry of hooks[event] ?? []) {
      for (const h of entry.hooks) {
        const matcher = entry.matcher && entry.matcher !== '*' ? entry.matcher : undefined;
        out.push({ event, matcher, command: h.command, timeoutSeconds: h.timeout ?? DEFAULT_HOOK_TIMEOUT_SECONDS, source });
      }
    }
  }
  return out;
}

/** Claude Code's settings file's `hooks`, checked entry by entry; a broken file is a problem, not a crash. */
export function readClaudeHooks(path: string, within: string | undefined): { hooks: HooksConfig } | { problem: string } | undefined {
  const read = readBounded(path, { limit: SETTINGS_LIMIT, within });
  if (!read.ok) return read.missing ? undefined : { problem: `it cannot be read: ${read.problem}` };
  let data: unknown;
  try {
    data = JSON.parse(read.text);
  } catch (err) {
    return { problem: `it is not valid JSON: ${(err as Error).message}` };
  }
  const raw = (data as { hooks?: unknown } | null)?.hooks;
  if (raw === undefined) return { hooks: {} };
  if (typeof raw !== 'object' || raw === null) return { problem: '"hooks" is not an object' };
  const hooks: HooksConfig = {};
  for (const event of HOOK_EVENTS) {
    const entries = (raw as Record<string, unknown>)[event];
    if (!Array.isArray(entries)) continue;
    hooks[event] = entries.flatMap((e) => {
      const list = Array.isArray(e?.hooks) ? e.hooks : [];
      const commands = list.filter((h: any) => h?.type === 'command' && typeof h.command === 'string' && h.command.trim());
      const typed = commands.map((h: any) => ({
        type: 'command' as const,
        command: h.command as string,
        timeout: typeof h.timeout === 'number' && h.timeout > 0 ? h.timeout : undefined,
      }));
      return typed.length > 0 ? [{ matcher: typeof e.matcher === 'string' ? e.matcher : undefined, hooks: typed }] : [];
    });
  }
  return { hooks };
}

export function projectClaudeSettings(roots: SourceRoots): string {
  return join(projectRoot(roots.cwd), '.claude', 'settings.json');
}

/** The project's `.claude/settings.json` when it holds hooks (a file without any changes nothing tack does). */
export function projectHookFiles(roots: SourceRoots): string[] {
  const path = projectClaudeSettings(roots);
  const read = readClaudeHooks(path, projectRoot(roots.cwd));
  return read && 'hooks' in read && Object.keys(read.hooks).some((k) => (read.hooks[k as HookEvent] ?? []).length > 0) ? [path] : [];
}

export interface HookLoad {
  specs: HookSpec[];
  problems: { path: string; problem: string }[];
}

/** tack's own settings' hooks (already resolved, trust applied) and Claude Code's files. */
export function loadHooks(roots: SourceRoots & { userHome: string }, fromSettings: { path: string; hooks: HooksConfig }[], applyProject: boolean): HookLoad {
  const specs: HookSpec[] = [];
  const problems: HookLoad['problems'] = [];
  const claude = [{ path: join(roots.userHome, '.claude', 'settings.json'), within: undefined as string | undefined }];
  if (applyProject) claude.push({ path: projectClaudeSettings(roots), within: projectRoot(roots.cwd) });
  for (const { path, within } of claude) {
    const read = readClaudeHooks(path, within);
    if (read && 'problem' in read) problems.push({ path, problem: read.problem });
    else if (read) specs.push(...specsOf(path, read.hooks));
  }
  for (const s of fromSettings) specs.push(...specsOf(s.path, s.hooks));
  return { specs, problems };
}
