// One tool call as it appears on screen: a header line with a status mark and the call in a few
// words, and a short preview of what it did (last output lines, a diff, a count).
import { plural } from '../../../../tools/format.js';
import type { AgentToolResult } from '../../../agent/types.js';
import { textOf } from '../../../ai/content.js';
import { describeCall, describeOutcome, outcomeShowsWhole } from '../../tool-summary.js';
import { s, sym } from '../text/style.js';
import { sanitize, truncate, width, wrap } from '../text/text.js';
import { childPreview, childStats, wasInterrupted } from './child-view.js';
import { renderDiff } from './diff-view.js';
import { userText } from '../../../../tools/model-only.js';
import type { ToolCallView, ToolStatus } from './tool-call.js';

export type { ToolCallView, ToolStatus };

export const BASH_PREVIEW_LINES = 5;
export const DIFF_PREVIEW_LINES = 20;
const INDENT = '  ';

export function resultText(result: AgentToolResult | undefined): string {
  if (!result) return '';
  return textOf(result.content, { separator: '\n' });
}

/** The result as the user reads it: without the lines written for the model alone (tools/model-only.ts). */
function shownText(result: AgentToolResult | undefined): string {
  return result ? userText(resultText(result), result.details) : '';
}

/** Still marks: the status line under the tools is the one spinner on screen. */
function mark(status: ToolStatus): string {
  if (status === 'done') return s.green(sym('✓', '+'));
  if (status === 'failed') return s.red(sym('✗', 'x'));
  if (status === 'interrupted') return s.yellow(sym('■', '#'));
  return s.yellow(sym('○', 'o'));
}

export function toolHeader(t: ToolCallView, cols: number, now = Date.now()): string {
  const call = describeCall(t.name, t.args);
  const space = call.indexOf(' ');
  const name = space < 0 ? call : call.slice(0, space);
  const rest = space < 0 ? '' : call.slice(space);
  const d = t.result?.details;
  let outcome =
    t.status === 'interrupted'
      ? ' (interrupted)'
      : t.status === 'done' || t.status === 'failed'
        ? describeOutcome(t.status === 'failed', d, firstLine(t.result))
        : '';
  let tail = '';
  if (t.status === 'preparing') tail = s.gray(' …');
  else if (t.status === 'running' && t.startedAt !== undefined && now - t.startedAt >= 1000) tail = s.gray(` ${formatSeconds(now - t.startedAt)}`);
  const head = `${mark(t.status)} ${s.bold(name)}${rest}`;
  // a child's reason is its report's first line, said under the header
  if (t.status === 'failed' && (t.name === 'task' || !reasonInHeader(t, head, outcome, cols))) outcome = ' (failed)';
  const styledOutcome = t.status === 'failed' ? s.red(outcome) : s.gray(outcome) + changeCounts(t) + fetchedChars(t);
  // a finished child's outcome and counts stay whole: its task is what gets cut
  const stats = childStats(t);
  if (stats) return truncate(head, cols - width(outcome + stats)) + styledOutcome + s.gray(stats);
  return truncate(`${head}${styledOutcome}${tail}`, cols);
}

/** How a finished call is shown: done, failed, or interrupted (Esc stopped it). */
export function finishedStatus(isError: boolean, result: AgentToolResult | undefined): ToolStatus {
  if (!isError) return 'done';
  return wasInterrupted(result) ? 'interrupted' : 'failed';
}

/**
 * Whether a failure's reason (its first line) is said whole in the header. A reason that does not
 * fit is said once, wrapped under the header: a refusal names what to do, and no word of it is cut.
 */
function reasonInHeader(t: ToolCallView, head: string, outcome: string, cols: number): boolean {
  if (t.status !== 'failed' || exitCodeOf(t) !== undefined) return true;
  return outcomeShowsWhole(firstLine(t.result) ?? '') && width(head) + width(outcome) <= cols;
}

const exitCodeOf = (t: ToolCallView): number | undefined => {
  const d = t.result?.details as Record<string, unknown> | undefined;
  return t.name === 'bash' && d && typeof d.exitCode === 'number' ? d.exitCode : undefined;
};

/** ` +1 -1` (` created +3`) after a finished edit or write. */
function changeCounts(t: ToolCallView): string {
  if (t.status !== 'done' || (t.name !== 'edit' && t.name !== 'write')) return '';
  const d = (t.result?.details && typeof t.result.details === 'object' ? t.result.details : {}) as Record<string, unknown>;
  if (typeof d.diff !== 'string') return '';
  const created = t.name === 'write' && d.created === true ? s.gray(' created') : '';
  return `${created} ${s.green(`+${num(d, 'added') ?? 0}`)} ${s.red(`-${num(d, 'removed') ?? 0}`)}`;
}

/** ` 12k chars` after a finished fetch: how much text the page gave. */
function fetchedChars(t: ToolCallView): string {
  const chars = t.status === 'done' && t.name === 'fetch' && t.result?.details ? num(t.result.details as Record<string, unknown>, 'chars') : undefined;
  if (chars === undefined) return '';
  return s.gray(` ${chars >= 1000 ? `${Math.round(chars / 1000)}k` : chars} chars`);
}

function firstLine(result: AgentToolResult | undefined): string | undefined {
  const text = shownText(result);
  return text ? text.split('\n')[0] : undefined;
}

export function formatSeconds(ms: number): string {
  const sec = Math.floor(ms / 1000);
  return sec < 60 ? `${sec}s` : `${Math.floor(sec / 60)}m${String(sec % 60).padStart(2, '0')}s`;
}

function num(d: Record<string, unknown>, key: string): number | undefined {
  return typeof d[key] === 'number' ? (d[key] as number) : undefined;
}

/** What the model was told of the errors an edit or write introduced (a language server's note), under the diff. */
function saidOfChange(d: Record<string, unknown>, inner: number): string[] {
  if (typeof d.diagnostics !== 'string') return [];
  return sanitize(d.diagnostics)
    .split('\n')
    .flatMap((line) => wrap(line, inner).map((w) => s.yellow(w)));
}

/**
 * The lines under the header; `expanded` shows the whole output instead of a preview. `callRoom`:
 * how many of a running child's calls an expanded preview lists (the live region's share).
 */
export function toolPreview(t: ToolCallView, cols: number, expanded = false, callRoom?: number): string[] {
  const inner = Math.max(10, cols - INDENT.length);
  const result = t.result;
  const d = (result?.details && typeof result.details === 'object' ? result.details : {}) as Record<string, unknown>;
  // an interrupted command's output, without the note to the model that it was killed (the header says so)
  const output = sanitize(shownText(result)).replace(/\n+$/, '');
  const text = t.status === 'interrupted' ? output.replace(ABORT_NOTE, '') : output;
  const indent = (lines: string[]) => lines.map((l) => INDENT + l);
  if (t.status === 'preparing') return [];
  if (t.name === 'task') return indent(childPreview(t, inner, expanded, callRoom));
  // a call stopped before it ran, or whose tool gave up at the interruption: the header says it all
  if (t.status === 'interrupted' && t.name !== 'bash') return [];
  const isChange = (t.name === 'edit' || t.name === 'write') && t.status === 'done' && typeof d.diff === 'string';
  if (expanded && isChange) return indent([...renderDiff(d.diff as string, inner, Number.POSITIVE_INFINITY, pathOf(t)), ...saidOfChange(d, inner)]);
  if (expanded) return text ? indent(text.split('\n').flatMap((l) => wrap(l, inner))) : [];

  if (t.status === 'failed' && exitCodeOf(t) === undefined) {
    // the reason is said once: in the header when it fits there whole, else here, wrapped
    const [first = '', ...rest] = text.split('\n');
    const head = `${mark(t.status)} ${describeCall(t.name, t.args)}`;
    const said = reasonInHeader(t, head, describeOutcome(true, d, first), cols);
    const more = tail(
      rest.filter((l, i) => l.trim() !== '' || i > 0),
      3,
      false,
    ).map((l) => (l.startsWith('…') ? s.gray(l) : s.red(truncate(l, inner))));
    return indent([...(said ? [] : wrap(first, inner).map((l) => s.red(l))), ...more]);
  }
  // their counts come with the result: while running, "0 matches" would be false, and a second line
  if (t.status === 'running' && COUNTED_AT_THE_END.has(t.name)) return [];
  switch (t.name) {
    case 'bash': {
      if (!text) return t.status === 'running' ? [] : indent([s.gray('(no output)')]);
      const lines =
        d.truncated && typeof d.totalLines === 'number' ? keptTail(text, d.totalLines) : tail(text.split('\n'), BASH_PREVIEW_LINES, t.status !== 'running');
      const error = t.status === 'failed' ? errorAbove(text, lines) : undefined;
      const job = d.jobRunning === true ? [s.gray(`runs in the background as job ${d.job} (/jobs lists it, /jobs stop ${d.job} ends it)`)] : [];
      return indent([
        ...(error ? [s.red(truncate(error, inner))] : []),
        ...(error ? lines.map((l) => l.replace(/^(… \d+ more lines?) above /, '$1 ')) : lines).map((l) =>
          l.startsWith('… ') || l.startsWith('[… ') ? s.gray(truncate(l, inner)) : s.dim(truncate(l, inner)),
        ),
        ...job,
      ]);
    }
    case 'edit':
    case 'write': {
      const said = saidOfChange(d, inner);
      if (typeof d.diff !== 'string' || t.diffShown) return indent(said);
      return indent([...renderDiff(d.diff, inner, DIFF_PREVIEW_LINES, pathOf(t)), ...said]);
    }
    case 'read': {
      const first = num(d, 'firstLine');
      const last = num(d, 'lastLine');
      const total = num(d, 'totalLines');
      if (d.image) return indent([s.gray('image')]);
      if (first !== undefined && last !== undefined) {
        const range = total !== undefined && (first > 1 || last < total) ? ` (${first}-${last} of ${total})` : '';
        return indent([s.gray(`${plural(last - first + 1, 'line')}${range}`)]);
      }
      return total === 0 ? indent([s.gray('empty file')]) : [];
    }
    case 'grep': {
      const matches = num(d, 'matches') ?? text.split('\n').filter(Boolean).length;
      const files = num(d, 'files');
      return indent([
        s.gray(
          `${plural(matches, 'match').replace('matchs', 'matches')}${files !== undefined ? ` in ${plural(files, 'file')}` : ''}${d.truncated ? ' (truncated)' : ''}`,
        ),
      ]);
    }
    case 'find':
      return indent([s.gray(`${plural(num(d, 'matches') ?? 0, 'path')}${d.truncated ? ' (truncated)' : ''}`)]);
    case 'ls':
      return indent([s.gray(`${plural(num(d, 'entries') ?? 0, 'entry').replace('entrys', 'entries')}${d.truncated ? ' (truncated)' : ''}`)]);
    case 'fetch':
      return []; // one line: the header says what and how much; Ctrl+O shows the text
    case 'search':
      return indent([s.gray(plural(num(d, 'results') ?? 0, 'result'))]);
    case 'todo':
      return []; // the list is shown above the input (Ctrl+T, /todo)
    case 'job_stop': {
      // how it ended first, then the last of what it printed
      const [how = '', ...last] = text.split('\n');
      return indent([truncate(how, inner), ...last.slice(-2).map((l) => s.dim(truncate(l, inner)))]);
    }
    default:
      return text ? indent(tail(text.split('\n'), 3, true).map((l) => s.dim(truncate(l, inner)))) : [];
  }
}

function pathOf(t: ToolCallView): string | undefined {
  const path = t.args && typeof t.args === 'object' ? (t.args as Record<string, unknown>).path : undefined;
  return typeof path === 'string' ? path : undefined;
}

/**
 * The last lines of output the bash tool cut to its head and tail: counted against the output's true
 * line count, not the kept text's; a cut that left out no whole line (one huge line) says its bytes.
 */
function keptTail(text: string, totalLines: number): string[] {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith('[… ') && l.includes(' omitted; '));
  if (at < 0) return tail(lines, BASH_PREVIEW_LINES, true);
  // the kept text is `head`, a blank line, the note, a blank line, `tail`
  const shown = lines.slice(at + 2).slice(-BASH_PREVIEW_LINES);
  const more = totalLines - shown.length;
  return [more > 0 ? `… ${plural(more, 'more line')} above (Ctrl+O shows the kept head and tail)` : lines[at], ...shown];
}

/** A line that states an error: `Error: …`, `TypeError: …`, `error[E0308]: …`, `npm ERR! …`, `fatal: …`. */
const ERROR_LINE = /^\s*(?:[\w.]*(?:Error|Exception)\b(?:\[\w+\])?:|error(?:\[\w+\])?:|npm ERR!|fatal:|panic:)/;

/**
 * The error a failed command stated above the lines its preview keeps: a stack trace or a runtime's
 * version line (`Node.js v20…`) ends many outputs, and the reason is the line before them.
 */
function errorAbove(text: string, shown: string[]): string | undefined {
  if (shown.some((l) => ERROR_LINE.test(l))) return undefined;
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) if (ERROR_LINE.test(lines[i]!)) return lines[i]!.trim();
  return undefined;
}

/** bash's last line for the model when Esc killed the command, or all it says when the command never started. */
const ABORT_NOTE = /(^|\n\n)(\[aborted; the command and its child processes were killed\]|Aborted before the command started\.)$/;

/** Tools whose preview is a count of their result. */
const COUNTED_AT_THE_END = new Set(['read', 'grep', 'find', 'ls', 'edit', 'write', 'fetch', 'search']);

/** The last `n` lines, with a "… N more lines" note above them when some were left out. */
function tail(lines: string[], n: number, note: boolean): string[] {
  if (lines.length <= n) return lines;
  const shown = lines.slice(-n);
  return note ? [`… ${plural(lines.length - n, 'more line')} above (Ctrl+O to show)`, ...shown] : shown;
}

export function renderToolCall(t: ToolCallView, cols: number, o: { expanded?: boolean; now?: number; callRoom?: number } = {}): string[] {
  return [toolHeader(t, cols, o.now), ...toolPreview(t, cols, o.expanded, o.callRoom)];
}
