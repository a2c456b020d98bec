// What the status line's command gets on stdin: the session as Claude Code describes it to its own
// status line (so a script written for it runs unchanged), and tack's own facts under `tack`.
import type { Session } from '../../../session/session.js';
import type { VimMode } from '../editor/vim.js';

export interface StatusFacts {
  version: string;
  /** when the app started: the session's duration here */
  startedAt: number;
  now: number;
  worktree?: string;
  vim?: VimMode;
}

/** The last answer's request as the server counted it: its input and the part its cache served. */
function lastRequest(session: Session): { input: number; cached: number } | undefined {
  const messages = session.view().state.messages;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'assistant' && m.usage.input > 0) return { input: m.usage.input, cached: m.usage.cacheRead };
  }
  return undefined;
}

export function statusPayload(session: Session, f: StatusFacts): Record<string, unknown> {
  const now = session.view();
  const { cwd } = now.config;
  const model = now.model;
  const usage = now.usageNow;
  const used = model.contextWindow > 0 ? Math.min(100, Math.round((usage.context / model.contextWindow) * 100)) : 0;
  const last = lastRequest(session);
  const todos = now.todos;
  const current = todos.find((t) => t.status === 'in_progress');
  return {
    hook_event_name: 'Status',
    session_id: now.id,
    transcript_path: now.file,
    cwd,
    model: { id: model.id, display_name: model.name || model.id },
    workspace: { current_dir: cwd, project_dir: cwd },
    version: f.version,
    cost: { total_cost_usd: usage.cost, total_duration_ms: Math.max(0, f.now - f.startedAt) },
    context_window: {
      total_input_tokens: usage.input,
      total_output_tokens: usage.output,
      context_window_size: model.contextWindow,
      used_percentage: used,
      remaining_percentage: 100 - used,
      current_usage: last ? { input_tokens: last.input - last.cached, cache_read_input_tokens: last.cached, cache_creation_input_tokens: 0 } : null,
    },
    ...(f.vim ? { vim: { mode: f.vim.toUpperCase() } } : {}),
    tack: {
      approval_mode: now.approvals?.mode ?? null,
      sandbox: now.approvals?.planBash?.sandboxed ? 'bwrap' : 'none',
      busy: now.running,
      jobs: now.jobs?.running().length ?? 0,
      todo: { done: todos.filter((t) => t.status === 'done').length, total: todos.length, current: current?.text ?? null },
      worktree: f.worktree ?? null,
      cache: last ? { last_input: last.input, last_cached: last.cached, reuse: last.input > 0 ? last.cached / last.input : 0 } : null,
    },
  };
}
