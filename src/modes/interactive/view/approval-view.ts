// An approval question as it appears above the input: what the call is, why it asks, the change
// (a diff) or the command line, and the choices with their keys, or the reason field after "no".
// On a short terminal the change keeps the space and pages; the title and the reason give way.
// What it shows of the call is drawn with every control character visible: the user approves what
// runs, not what a carriage return or escape sequence would make a terminal show.
import type { ApprovalRequest } from '../../../session/permissions/index.js';
import type { EditorState } from '../editor/editor.js';
import { renderEditor } from '../editor/view.js';
import { colorLevel, s, sym } from '../text/style.js';
import { stripControls, visible } from '../../../text/terminal-text.js';
import { renderMarkdown } from '../markdown/render.js';
import { sanitize, truncate, wrapWithPrefix } from '../text/text.js';
import { detailWindow, openingLine } from './detail-window.js';
import { argumentLines } from './argument-lines.js';
import { firstChange, renderDiff } from './diff-view.js';
import { parseReadySpec } from '../../../../tools/jobs/wait-for.js';
import { DEFAULT_WAIT_S } from '../../../../tools/bash/background.js';

const INDENT = '  ';
/** The change or command keeps at least this many lines (its marker included) before the title. */
const MIN_DETAIL_LINES = 3;
/** A tool's own description keeps at most this many lines of the question. */
const ABOUT_LINES = 2;

/** A question on screen and where its answer stands (app/approval-prompt.ts keeps them). */
export interface OpenQuestion {
  request: ApprovalRequest;
  selected: number;
  /** set once "no" was chosen: the reason being typed */
  reason: EditorState | null;
  /** a plan the user changed in $EDITOR (Ctrl+G) */
  edited?: boolean;
  /** windows paged down (negative: up) from where the change opens; the view keeps it in range */
  page?: number;
  /** when it came on screen: what "waiting for your answer" counts from */
  shownAt?: number;
}

const shown = (text: string) => sanitize(visible(text));

/**
 * At most `maxLines` lines. The change wins the space: the choices stay, then the diff or command
 * (opened on its changed lines, paged with PgUp/PgDn, a marker saying what is hidden), and what is
 * left goes to the title, the note and the reason; the keys' hint line gives way first.
 */
export function renderQuestion(q: OpenQuestion, cols: number, maxLines: number): string[] {
  const r = q.request;
  const title = [truncate(`${s.yellow(sym('?', '?'))} ${s.bold(shown(titleOf(r)))}`, cols)];
  const why = saysMore(r) ? wrapWithPrefix(shown(r.reason), cols, INDENT, INDENT).map((l) => s.gray(l)) : [];
  const about = r.about ? aboutLines(r.about, cols) : [];
  const note = r.note ? wrapWithPrefix(shown(r.note), cols, `${INDENT}${sym('⚠', '!')} `, `${INDENT}  `).map((l) => s.yellow(l)) : [];
  const all = detailLines(q, cols);
  let tail = q.reason ? reasonLines(q.reason, cols, r.kind === 'plan') : choiceLines(q, cols);
  const least = Math.min(all.length, MIN_DETAIL_LINES);
  if (!q.reason && maxLines - tail.length - least < title.length) tail = choiceLines(q, cols, false);
  if (!q.reason && maxLines - tail.length < least) tail = [foldedChoices(q, cols)];
  const room = Math.max(0, maxLines - tail.length);
  const detailRoom = Math.min(all.length, Math.max(least, room - title.length - about.length - note.length));
  const focus = r.kind === 'edit' && r.diff ? onRows(firstChange(r.diff), lastDiff?.rowOf ?? [], all.length) : undefined;
  const window = detailWindow(all, detailRoom, openingLine(focus, detailRoom - 1), q.page ?? 0, INDENT);
  // the page is kept where the screen can show it, so a key past the end costs no key back
  if (q.page !== undefined) q.page = window.page;
  const detail = window.lines;
  let left = room - detail.length;
  const take = (lines: string[]) => {
    const kept = lines.slice(0, Math.max(0, left));
    left -= kept.length;
    return kept;
  };
  const [head, said, warn] = [take(title), take(about), take(note)];
  // a reason cut short reads as another sentence: all of it, or its one line ending in "…"
  const reason = take(why.length <= left ? why : [s.gray(truncate(`${INDENT}${shown(r.reason)}`, cols))]);
  const out = [...head, ...said, ...reason, ...detail, ...warn, ...tail].slice(-maxLines);
  // a blank line apart from the tool above, when there is room for it
  return out.length < maxLines ? ['', ...out] : out;
}

/**
 * Whether the reason adds to what the question shows: "Running `npm test`" above `$ npm test`
 * says the command twice, and "Changing files" above a write's diff says what the title does.
 */
function saysMore(r: OpenQuestion['request']): boolean {
  if (r.kind === 'bash' && r.command !== undefined) return r.reason !== `Running \`${r.command.trim()}\``;
  return !(r.kind === 'edit' && r.routine);
}

/** The command is shown whole below its title: the title does not say it again. */
function titleOf(r: OpenQuestion['request']): string {
  if (r.kind !== 'bash' || r.command === undefined) return r.summary;
  return r.summary.endsWith(' in the background') ? 'Run this command in the background' : 'Run this command';
}

/** What a background command waits for before the call returns: "then waits for port 5173 (at most 30 s)". */
function readinessLine(args: Record<string, unknown>, cols: number): string[] {
  if (args.run_in_background !== true || typeof args.wait_for !== 'string') return [];
  const spec = parseReadySpec(args.wait_for);
  if (typeof spec === 'string') return [];
  const bound = typeof args.wait_timeout === 'number' ? args.wait_timeout : DEFAULT_WAIT_S;
  const what = spec.kind === 'port' ? `port ${spec.port} to take connections` : `a line matching /${spec.source}/`;
  return wrapWithPrefix(shown(`then waits for ${what} (at most ${bound} s); the job keeps running after`), cols, INDENT, INDENT).map((l) => s.gray(l));
}

/** The whole diff, command or plan; the question shows the window of it that fits. */
function detailLines(q: OpenQuestion, cols: number): string[] {
  const r = q.request;
  const inner = Math.max(10, cols - INDENT.length);
  if (r.kind === 'edit' && r.diff) return diffLines(r.diff, inner, typeof r.args.path === 'string' ? r.args.path : undefined);
  if (r.kind === 'bash' && r.command !== undefined) return [...commandLines(r.command, cols), ...readinessLine(r.args, cols)];
  if (r.kind === 'plan' && r.plan !== undefined) return renderMarkdown(stripControls(r.plan), { width: inner, highlight: false }).map((l) => INDENT + l);
  if (r.about !== undefined) return argumentLines(r.args, cols, INDENT).map((l) => s.cyan(l));
  return [];
}

/** A server's description of its tool: its first lines, under the title; the tool's schema says the rest to the model. */
function aboutLines(about: string, cols: number): string[] {
  const lines = wrapWithPrefix(
    stripControls(about)
      .replace(/\s*\n\s*/g, ' ')
      .trim(),
    cols,
    INDENT,
    INDENT,
  );
  return (lines.length > ABOUT_LINES ? [...lines.slice(0, ABOUT_LINES - 1), truncate(`${lines[ABOUT_LINES - 1]!}…`, cols)] : lines).map((l) => s.gray(l));
}

/** The last diff drawn: a question is drawn again each frame, and a long diff costs its highlighting. */
let lastDiff: { key: string; lines: string[]; rowOf: number[] } | undefined;

/** The whole diff, its long lines wrapped: what the user approves is shown to its last character. */
function diffLines(diff: string, width: number, path: string | undefined): string[] {
  const key = `${width}\0${path ?? ''}\0${colorLevel()}\0${diff}`;
  if (lastDiff?.key !== key) {
    const rowOf: number[] = [];
    const lines = renderDiff(diff, width, Number.POSITIVE_INFINITY, path, { wrap: true, rowOf }).map((l) => INDENT + l);
    lastDiff = { key, lines, rowOf };
  }
  return lastDiff.lines;
}

/** The first change's place in the diff's lines, as rows of the wrapped diff. */
function onRows(focus: ReturnType<typeof firstChange>, rowOf: number[], rows: number): ReturnType<typeof firstChange> {
  if (!focus) return undefined;
  const row = (i: number) => rowOf[i] ?? rows;
  const at = row(focus.at);
  return { at, length: row(focus.at + focus.length) - at, ...(focus.added !== undefined && { added: row(focus.added) }) };
}

/** The command line verbatim (wrapped, never reflowed), after a `$`. */
function commandLines(command: string, cols: number): string[] {
  return shown(command)
    .split('\n')
    .flatMap((line, i) => wrapWithPrefix(line, cols, i === 0 ? `${INDENT}$ ` : `${INDENT}  `, `${INDENT}  `))
    .map((l) => s.cyan(l));
}

/** The choices, one each (wrapped), and a line of the keys' help unless `help` is false. */
function choiceLines(q: OpenQuestion, cols: number, help = true): string[] {
  const choices = q.request.choices;
  // wrapped, never cut: a choice names what it saves and where
  const lines = choices.flatMap((c, i) => {
    const selected = i === q.selected;
    const wrapped = wrapWithPrefix(`${c.label} ${s.gray(`(${c.key})`)}`, cols, `${selected ? sym('›', '>') : ' '} `, '    ');
    return selected ? wrapped.map((l) => s.cyan(s.bold(l))) : wrapped;
  });
  if (!help) return lines;
  const keys = choices.map((c) => c.key).join('/');
  const edit = q.request.kind === 'plan' ? 'Ctrl+G: edit the plan · ' : '';
  const said = wrapWithPrefix(`${keys} or ${sym('↑↓', 'Up/Down')} Enter · ${edit}Esc: no · other typing goes to the input`, cols, INDENT, INDENT);
  return [...lines, ...said.map((l) => s.gray(l))];
}

/** The choices in one line, for a terminal too short for one each: the selected one and the other keys. */
function foldedChoices(q: OpenQuestion, cols: number): string {
  const choices = q.request.choices;
  const at = choices[q.selected]!;
  const others = choices.filter((c) => c !== at).map((c) => c.key);
  return truncate(`${s.cyan(s.bold(`${sym('›', '>')} ${at.label} (${at.key})`))} ${s.gray(`· ${others.join('/')} or ${sym('↑↓', 'Up/Down')}`)}`, cols);
}

function reasonLines(reason: EditorState, cols: number, plan: boolean): string[] {
  const prompt = plan ? `${INDENT}what to change? ` : `${INDENT}why not? `;
  const hint = plan ? 'optional: tell the model what to change (Enter sends, Esc: no note)' : 'optional: tell the model why (Enter sends, Esc: no reason)';
  return renderEditor(reason, { width: cols, maxLines: 4, prompt, hint }).lines;
}
