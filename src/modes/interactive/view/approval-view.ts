// An approval question as it appears above the input: what the call is, why it asks, the change
// (a diff) or the command line, and the choices with their keys, or the reason field after "no".
// What it shows of the call is drawn with every control character visible: the user approves what
// runs, not what a carriage return or escape sequence would make a terminal show.
import { plural } from '../../../../tools/format.js';
import type { OpenQuestion } from '../app/approval-prompt.js';
import type { EditorState } from '../editor/editor.js';
import { renderEditor } from '../editor/view.js';
import { s, sym } from '../text/style.js';
import { stripControls, visible } from '../../../text/terminal-text.js';
import { renderMarkdown } from '../markdown/render.js';
import { sanitize, truncate, wrapWithPrefix } from '../text/text.js';
import { renderDiff } from './diff-view.js';

const INDENT = '  ';
/** The diff or command gets what is left of the height, but at least this many lines. */
const MIN_DETAIL_LINES = 3;

const shown = (text: string) => sanitize(visible(text));

/** At most `maxLines` lines: the diff or command is cut first, then what is above the choices. */
export function renderQuestion(q: OpenQuestion, cols: number, maxLines: number): string[] {
  const r = q.request;
  const inner = Math.max(10, cols - INDENT.length);
  const head = [
    truncate(`${s.yellow(sym('?', '?'))} ${s.bold(shown(r.summary))}`, cols),
    ...wrapWithPrefix(shown(r.reason), cols, INDENT, INDENT).map((l) => s.gray(l)),
  ];
  const note = r.note ? wrapWithPrefix(shown(r.note), cols, `${INDENT}${sym('⚠', '!')} `, `${INDENT}  `).map((l) => s.yellow(l)) : [];
  const tail = q.reason ? reasonLines(q.reason, cols, r.kind === 'plan') : choiceLines(q, cols);
  const room = Math.max(MIN_DETAIL_LINES, maxLines - 1 - head.length - note.length - tail.length);
  let detail: string[] = [];
  if (r.kind === 'edit' && r.diff) detail = renderDiff(r.diff, inner, room, typeof r.args.path === 'string' ? r.args.path : undefined).map((l) => INDENT + l);
  else if (r.kind === 'bash' && r.command !== undefined) detail = commandLines(r.command, cols, room);
  else if (r.kind === 'plan' && r.plan !== undefined) detail = planLines(r.plan, inner, room);
  const above = [...head, ...detail, ...note];
  const out = [...above.slice(0, Math.max(1, maxLines - tail.length)), ...tail].slice(-maxLines);
  // a blank line apart from the tool above, when there is room for it
  return out.length < maxLines ? ['', ...out] : out;
}

/** The plan rendered as Markdown; a long one is cut, and Ctrl+G shows it whole in the editor. */
function planLines(plan: string, width: number, max: number): string[] {
  const lines = renderMarkdown(stripControls(plan), { width, highlight: false }).map((l) => INDENT + l);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, Math.max(1, max - 1));
  return [...kept, s.gray(`${INDENT}… ${lines.length - kept.length} more lines (Ctrl+G opens the plan in your editor)`)];
}

/** The command line verbatim (wrapped, never reflowed), after a `$`. */
function commandLines(command: string, cols: number, max: number): string[] {
  const lines = shown(command)
    .split('\n')
    .flatMap((line, i) => wrapWithPrefix(line, cols, i === 0 ? `${INDENT}$ ` : `${INDENT}  `, `${INDENT}  `));
  if (lines.length <= max) return lines.map((l) => s.cyan(l));
  const kept = lines.slice(0, Math.max(1, max - 1)).map((l) => s.cyan(l));
  return [...kept, s.gray(`${INDENT}… ${plural(lines.length - kept.length, 'more line')}`)];
}

function choiceLines(q: OpenQuestion, cols: number): string[] {
  const choices = q.request.choices;
  const lines = choices.map((c, i) => {
    const selected = i === q.selected;
    const line = truncate(`${selected ? sym('›', '>') : ' '} ${c.label} ${s.gray(`(${c.key})`)}`, cols);
    return selected ? s.cyan(s.bold(line)) : line;
  });
  const keys = choices.map((c) => c.key).join('/');
  const edit = q.request.kind === 'plan' ? 'Ctrl+G: edit the plan · ' : '';
  return [...lines, s.gray(truncate(`${INDENT}${keys} or ${sym('↑↓', 'Up/Down')} Enter · ${edit}Esc: no · other typing goes to the input`, cols))];
}

function reasonLines(reason: EditorState, cols: number, plan: boolean): string[] {
  const prompt = plan ? `${INDENT}what to change? ` : `${INDENT}why not? `;
  const hint = plan ? 'optional: tell the model what to change (Enter sends, Esc: no note)' : 'optional: tell the model why (Enter sends, Esc: no reason)';
  return renderEditor(reason, { width: cols, maxLines: 4, prompt, hint }).lines;
}
