// An answered edit question as the scrollback keeps it: what was asked, the answer, and the diff
// the user saw, so the diff is printed once and the tool's result can be a single line. A plan's
// question keeps the whole plan, as the user approved it (or asked to change it).
import type { ApprovalAnswer, ApprovalRequest } from '../../../session/permissions/prompter.js';
import { stripControls, visible } from '../../../text/terminal-text.js';
import { renderMarkdown } from '../markdown/render.js';
import { s, sym } from '../text/style.js';
import { sanitize, truncate } from '../text/text.js';
import { renderDiff } from './diff-view.js';
import { DIFF_PREVIEW_LINES } from './tool-view.js';

const INDENT = '  ';

function answerWords(a: ApprovalAnswer): string {
  if (a.answer === 'no') return a.reason ? `no: ${a.reason}` : 'no';
  if (a.mode) return `go ahead in ${a.mode}`;
  return a.answer === 'always' ? 'yes, and not again' : 'yes';
}

export function renderAnsweredEdit(r: ApprovalRequest, a: ApprovalAnswer, cols: number): string[] {
  const head = truncate(`${s.yellow('?')} ${s.bold(sanitize(visible(r.summary)))} ${s.gray(`${sym('·', '-')} ${answerWords(a)}`)}`, cols);
  const path = typeof r.args.path === 'string' ? r.args.path : undefined;
  const diff = renderDiff(r.diff ?? '', Math.max(10, cols - INDENT.length), DIFF_PREVIEW_LINES, path).map((l) => INDENT + l);
  return [head, ...diff];
}

export function renderAnsweredPlan(r: ApprovalRequest, a: ApprovalAnswer, cols: number): string[] {
  const head = truncate(`${s.yellow('?')} ${s.bold(sanitize(visible(r.summary)))} ${s.gray(`${sym('·', '-')} ${sanitize(answerWords(a))}`)}`, cols);
  const plan = renderMarkdown(stripControls(r.plan ?? ''), { width: Math.max(10, cols - INDENT.length), highlight: true }).map((l) => INDENT + l);
  return [head, ...plan];
}
