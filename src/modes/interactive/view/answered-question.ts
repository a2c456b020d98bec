// An answered edit question as the scrollback keeps it: what was asked, the answer, and the diff
// the user saw, so the diff is printed once and the tool's result can be a single line.
import type { ApprovalAnswer, ApprovalRequest } from '../../../session/permissions/prompter.js';
import { visible } from '../../../text/terminal-text.js';
import { s, sym } from '../text/style.js';
import { sanitize, truncate } from '../text/text.js';
import { renderDiff } from './diff-view.js';
import { DIFF_PREVIEW_LINES } from './tool-view.js';

const INDENT = '  ';

function answerWords(a: ApprovalAnswer): string {
  if (a.answer === 'no') return a.reason ? `no: ${a.reason}` : 'no';
  return a.answer === 'always' ? 'yes, and not again' : 'yes';
}

export function renderAnsweredEdit(r: ApprovalRequest, a: ApprovalAnswer, cols: number): string[] {
  const head = truncate(`${s.yellow('?')} ${s.bold(sanitize(visible(r.summary)))} ${s.gray(`${sym('·', '-')} ${answerWords(a)}`)}`, cols);
  const path = typeof r.args.path === 'string' ? r.args.path : undefined;
  const diff = renderDiff(r.diff ?? '', Math.max(10, cols - INDENT.length), DIFF_PREVIEW_LINES, path).map((l) => INDENT + l);
  return [head, ...diff];
}
