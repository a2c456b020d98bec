// The bottom line: context used, tokens, cost when known, approval mode, git branch, session; the
// model only once it differs from the header's (the header names it and the directory already).
import { visible } from '../../../text/terminal-text.js';
import { s } from '../text/style.js';
import { truncate } from '../text/text.js';
import type { GoalStatus } from '../../../goal/goal.js';
import { footerWords } from '../../../goal/words.js';

export interface FooterInfo {
  model: string;
  /** the model the header line names: the footer repeats the model only when it is another */
  headerModel?: string;
  contextWindow: number;
  /** input tokens of the last model call: what the context holds now */
  /** tokens the context holds now */
  context: number;
  totalInput: number;
  /** the part of `totalInput` the server's prompt cache served */
  totalCached?: number;
  totalOutput: number;
  /** USD; null when some call's price is unknown */
  cost: number | null;
  /** the token counts hold estimates (shown with ~) */
  estimated?: boolean;
  sessionId: string;
  /** the repository's branch, when the directory is in one */
  branch?: string;
  /** the `tack -w` worktree's name, when the directory is in one */
  worktree?: string;
  /** the conversation is empty: show how to see the keys */
  firstScreen?: boolean;
  /** the approval mode (Shift+Tab cycles it); absent without approvals */
  approvals?: string;
  /** the thinking level; shown unless off */
  thinking?: string;
  /** background jobs running now; shown when there are any */
  jobs?: number;
  /** the goal (`/goal`, `--until`) and its last result; shown first, as what the work is for */
  goal?: GoalStatus;
}

function goalPart(g: GoalStatus): string {
  const words = visible(footerWords(g));
  return g.checking || g.passed === undefined ? s.cyan(words) : g.passed ? s.green(words) : s.red(words);
}

export function compactNumber(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(n / 1000).toFixed(1)}k`;
  if (n < 1_000_000) return `${Math.round(n / 1000)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** `↑4.1k (3.9k cached)`: the input tokens, and how many of them the server's prompt cache served. */
export function inputFigure(input: number, cached: number, approx: boolean): string {
  return `↑${approx ? '~' : ''}${compactNumber(input)}${cached > 0 ? ` (${compactNumber(cached)} cached)` : ''}`;
}

export function formatCost(cost: number): string {
  return cost < 0.01 ? `$${cost.toFixed(4)}` : `$${cost.toFixed(2)}`;
}

export function renderFooter(f: FooterInfo, cols: number): string {
  const pct = f.contextWindow > 0 ? Math.min(100, Math.round((f.context / f.contextWindow) * 100)) : 0;
  const ctxText = `${pct}% of ${compactNumber(f.contextWindow)}`;
  const ctx = pct >= 90 ? s.red(ctxText) : pct >= 70 ? s.yellow(ctxText) : ctxText;
  const mode =
    f.approvals === 'yolo'
      ? s.red(f.approvals)
      : f.approvals === 'auto-edit'
        ? s.yellow(f.approvals)
        : f.approvals === 'plan'
          ? s.magenta(f.approvals)
          : f.approvals;
  const parts = [
    ...(f.goal ? [goalPart(f.goal)] : []),
    ...(f.model !== f.headerModel ? [visible(f.model)] : []),
    ...(f.thinking && f.thinking !== 'off' ? [`thinking ${f.thinking}`] : []),
    ctx,
    `${inputFigure(f.totalInput, f.totalCached ?? 0, f.estimated === true)} ↓${f.estimated ? '~' : ''}${compactNumber(f.totalOutput)}`,
    ...(f.cost !== null && f.totalInput + f.totalOutput > 0 ? [formatCost(f.cost)] : []),
    ...(mode ? [`approvals: ${mode}`] : []),
    ...(f.jobs ? [s.yellow(f.jobs === 1 ? '1 job' : `${f.jobs} jobs`)] : []),
    ...(f.worktree ? [`worktree ${visible(f.worktree)}`] : []),
    ...(f.branch ? [`git:${f.branch}`] : []),
    ...(f.sessionId ? [f.sessionId.slice(0, 8)] : []),
    ...(f.firstScreen ? ['? for keys'] : []),
  ];
  return truncate(s.gray(parts.join(' · ')), cols);
}
