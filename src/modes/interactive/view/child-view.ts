// A child agent (a `task` call) on screen: its stats (calls, tokens, time), the calls it made and
// its report; and, after Esc, the children it stopped as one notice with what each had done.
import { plural } from '../../../../tools/format.js';
import type { AgentToolResult } from '../../../agent/types.js';
import { textOf } from '../../../ai/content.js';
import { REPORT_LINES } from '../../../session/agents/report.js';
import { describeCall } from '../../tool-summary.js';
import { s, sym } from '../text/style.js';
import { sanitize, truncate, width, wrap } from '../text/text.js';
import { compactNumber } from './footer.js';
import type { ToolCallView } from './tool-call.js';

/** What a child's progress and result say of it (run-child.ts `ChildProgress`, `ChildDetails`). */
interface ChildFacts {
  agent: string;
  step?: string;
  tokens: number;
  calls: readonly string[];
  durationMs?: number;
  end?: string;
}

function factsOf(result: AgentToolResult | undefined): ChildFacts | undefined {
  const d = result?.details as Partial<ChildFacts> | undefined;
  if (!d || typeof d !== 'object' || typeof d.agent !== 'string') return undefined;
  return { ...d, agent: d.agent, tokens: typeof d.tokens === 'number' ? d.tokens : 0, calls: Array.isArray(d.calls) ? d.calls.map(String) : [] };
}

/** Whether a finished call was stopped by an interruption (Esc) rather than failing on its own. */
export function wasInterrupted(result: AgentToolResult | undefined): boolean {
  const d = (result?.details ?? {}) as Record<string, unknown>;
  if (d.aborted === true || d.end === 'aborted') return true;
  return /^interrupted\b/.test(textOf(result?.content ?? []));
}

/** `2 calls · 1.2k tokens · 3s`: what a child did, counted. */
function counts(f: ChildFacts, ms: number | undefined): string {
  const parts = [plural(f.calls.length, 'call'), `${compactNumber(f.tokens)} tokens`];
  if (ms !== undefined) parts.push(seconds(ms));
  return parts.join(' · ');
}

function seconds(ms: number): string {
  const sec = Math.max(0, Math.round(ms / 1000));
  return sec < 60 ? `${sec}s` : `${Math.floor(sec / 60)}m${String(sec % 60).padStart(2, '0')}s`;
}

/** The stats a finished child's header ends with (` · 2 calls · 1.2k tokens · 3s`); '' for other calls. */
export function childStats(t: ToolCallView): string {
  if (t.name !== 'task' || t.status === 'running' || t.status === 'preparing') return '';
  const f = factsOf(t.result);
  if (!f) return '';
  const ms = f.durationMs ?? (t.startedAt !== undefined && t.endedAt !== undefined ? t.endedAt - t.startedAt : undefined);
  return ` · ${counts(f, ms)}`;
}

/** Its calls, `→ grep alpha`, the last `room` of them with a count of the earlier ones. */
function callLines(calls: readonly string[], inner: number, room = Number.POSITIVE_INFINITY): string[] {
  const shown = calls.length > room ? calls.slice(calls.length - Math.max(1, room)) : calls;
  const earlier = calls.length - shown.length;
  return [
    ...(earlier > 0 ? [s.gray(`… ${plural(earlier, 'earlier call')}`)] : []),
    ...shown.map((c) => s.gray(`${sym('→', '->')} ${truncate(sanitize(c), inner - 2)}`)),
  ];
}

/** The calls in one line: `→ grep alpha · read a.txt · …`. */
function callsInLine(calls: readonly string[], inner: number): string {
  return s.gray(truncate(`${sym('→', '->')} ${calls.map((c) => sanitize(c)).join(' · ')}`, inner));
}

/**
 * What a child wrote, from its report: a finished child's whole answer; of one that did not finish,
 * what it wrote so far, without the report's lines the screen says otherwise (an interruption, its calls).
 */
function reportBody(t: ToolCallView, f: ChildFacts | undefined): string[] {
  const lines = sanitize(textOf(t.result?.content ?? [], { separator: '\n' }))
    .replace(/\n+$/, '')
    .split('\n');
  if (!f || f.end === undefined || f.end === 'done') return lines;
  const callsAt = f.calls.length > 0 ? lines.indexOf(REPORT_LINES.calls(f.calls.length)) : -1;
  // why it stopped: an interruption's header says it; a failure's and a budget's preview does
  const kept = (callsAt < 0 ? lines : lines.slice(0, callsAt))
    .slice(f.end === 'aborted' ? 1 : 0)
    .filter((l) => l !== REPORT_LINES.wrote && l !== REPORT_LINES.nothing);
  while (kept.length > 0 && kept[0]!.trim() === '') kept.shift();
  while (kept.length > 0 && kept.at(-1)!.trim() === '') kept.pop();
  return kept;
}

/**
 * The lines under a task call. Running: what it does now and its counts (expanded: its calls so far,
 * the last `room`). Finished: its report's first line (expanded: every call, then the report).
 */
export function childPreview(t: ToolCallView, inner: number, expanded: boolean, room?: number): string[] {
  const f = factsOf(t.result);
  if (t.status === 'preparing') return [];
  if (t.status === 'running') {
    // progress of another shape: its own words
    if (!f) return [textOf(t.result?.content ?? [])].filter(Boolean).map((l) => s.dim(truncate(sanitize(l.split('\n')[0]!), inner)));
    const now = s.dim(truncate(`${f.agent}: ${sanitize(f.step ?? 'starting')} · ${counts(f, undefined)}`, inner));
    return expanded ? [...callLines(f.calls, inner, room), now] : [now];
  }
  const body = reportBody(t, f);
  if (expanded) return [...callLines(f?.calls ?? [], inner), ...body.flatMap((l) => wrap(l, inner))];
  const first = body.find((l) => l.trim() !== '') ?? '';
  const rest = body.length - 1 - body.indexOf(first);
  const more = rest > 0 ? s.gray(` (+${plural(rest, 'line')}, Ctrl+O)`) : '';
  if (t.status === 'done' && f?.end !== 'budget') return first ? [`${s.dim(truncate(first, inner - 20))}${more}`] : [];
  // a child that did not finish: why, whole, then what it had done, in one line
  const why = first ? wrap(first, inner).map((l) => (t.status === 'failed' ? s.red(l) : s.dim(l))) : [];
  return [...why, ...(f?.calls.length ? [callsInLine(f.calls, inner)] : [])];
}

/**
 * The children an interruption stopped, as one notice: each one's task and counts, the calls it had
 * made, and the first line of what it had written (`expanded`: all of it).
 */
export function renderStoppedChildren(children: readonly ToolCallView[], cols: number, expanded: boolean): string[] {
  const inner = Math.max(10, cols - 4);
  const head = `${s.yellow(sym('■', '#'))} interrupted: ${plural(children.length, 'agent')} stopped, with what ${children.length === 1 ? 'it' : 'each'} had`;
  const lines = [truncate(head, cols)];
  for (const t of children) {
    const f = factsOf(t.result);
    const what = describeCall(t.name, t.args).replace(/^task /, '');
    const stats = f ? ` · ${counts(f, f.durationMs)}` : '';
    lines.push(`  ${truncate(what, cols - 2 - width(stats))}${s.gray(stats)}`);
    const body = reportBody(t, f);
    const did = f?.calls.length ? (expanded ? callLines(f.calls, inner) : [callsInLine(f.calls, inner)]) : [s.gray('nothing yet')];
    const wrote = expanded ? body.flatMap((l) => wrap(l, inner)) : body.filter((l) => l.trim() !== '').slice(0, 1);
    lines.push(...[...did, ...wrote.map((l) => (expanded ? l : s.dim(truncate(l, inner))))].map((l) => `    ${l}`));
  }
  return lines;
}
