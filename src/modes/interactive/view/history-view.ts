// A resumed conversation, condensed above the input: what was asked, each answer cut to its first
// lines, one line per tool call; history that a compaction replaced is one marker with its count.
import { plural } from '../../../../tools/format.js';
import { textOf } from '../../../ai/content.js';
import type { AssistantMessage, Message, ToolResultMessage } from '../../../ai/types.js';
import { renderMarkdown } from '../markdown/render.js';
import { s, sym } from '../text/style.js';
import { truncate } from '../text/text.js';
import { attachedLines, renderError, renderNotice, renderUser, userText } from './messages.js';
import { finishedStatus, toolHeader } from './tool-view.js';
import { isRunNote } from '../../../session/prompt/run-note.js';

export const USER_LINES = 4;
export const ANSWER_LINES = 6;
/** A long uncompacted session shows its most recent messages; older ones are counted in the marker. */
export const SHOWN_MESSAGES = 200;

/** Only the start of a long message is rendered (a paste, a huge answer): a few lines are shown anyway. */
export const SOURCE_CHARS = 4000;

/** Starts the summary message a compaction leaves (see session/file/entries.ts). */
const SUMMARY_START = '[The earlier part of this conversation was compacted.';

/** The first `max` lines, then "… N more lines". */
function cut(lines: string[], max: number, indent = ''): string[] {
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max - 1), s.gray(`${indent}… ${plural(lines.length - max + 1, 'more line')}`)];
}

/** The first `max` lines of `text` as `render` draws them, from at most its first SOURCE_CHARS. */
function head(text: string, max: number, render: (source: string) => string[], indent = ''): string[] {
  if (text.length <= SOURCE_CHARS) return cut(render(text), max, indent);
  const lines = render(text.slice(0, SOURCE_CHARS));
  return [...lines.slice(0, max - 1), s.gray(`${indent}… (the rest of a long message)`)];
}

export function rule(text: string, cols: number): string {
  const label = ` ${text} `;
  const side = Math.max(2, Math.floor((cols - label.length) / 2));
  return truncate(s.gray(`${sym('─', '-').repeat(side)}${label}${sym('─', '-').repeat(side)}`), cols);
}

function assistantLines(m: AssistantMessage, cols: number): string[] {
  const text = textOf(m.content).trim();
  // Blank lines between paragraphs go too: condensed means as many answers as possible in view.
  const markdown = (source: string) => renderMarkdown(source, { width: cols, highlight: false }).filter((l) => l.trim() !== '');
  const out = text ? head(text, ANSWER_LINES, markdown) : [];
  if (m.stopReason === 'error') out.push(...renderError(m.errorMessage ?? 'the model call failed', cols).slice(0, 2));
  else if (m.stopReason === 'aborted') out.push(...renderNotice('interrupted', cols));
  return out;
}

function toolLine(m: ToolResultMessage, args: unknown, cols: number): string {
  const result = { content: m.content, details: m.details, isError: m.isError };
  return toolHeader({ id: m.toolCallId, name: m.toolName, args, status: finishedStatus(m.isError, result), result }, cols);
}

/**
 * Blocks of lines (each printed after a blank line): a user message, or an answer with the tool
 * calls it made. `compacted`: messages a compaction replaced before the loaded ones.
 */
export function renderHistory(messages: readonly Message[], compacted: number, cols: number): string[][] {
  let list = messages;
  if (compacted > 0 && list[0]?.role === 'user' && userText(list[0]).startsWith(SUMMARY_START)) list = list.slice(1);
  // tack's notes to the model (the date, the git state) are not the user's words
  list = list.filter((m) => !isRunNote(m));
  const hidden = Math.max(0, list.length - SHOWN_MESSAGES);
  list = list.slice(hidden);
  const blocks: string[][] = [];
  if (compacted > 0) blocks.push([rule(`${compacted} earlier message${compacted === 1 ? '' : 's'} compacted into a summary`, cols)]);
  if (hidden > 0) blocks.push([rule(`${hidden} earlier message${hidden === 1 ? '' : 's'} not shown`, cols)]);
  const args = new Map<string, unknown>();
  let answer: string[] | null = null;
  for (const m of list) {
    if (m.role === 'user') {
      answer = null;
      blocks.push([...head(userText(m), USER_LINES, (source) => renderUser(source, cols), '  '), ...attachedLines(m, cols)]);
    } else if (m.role === 'assistant') {
      for (const c of m.content) if (c.type === 'toolCall') args.set(c.id, c.arguments);
      answer = assistantLines(m, cols);
      blocks.push(answer);
    } else {
      const line = toolLine(m, args.get(m.toolCallId) ?? {}, cols);
      if (answer) answer.push(line);
      else blocks.push((answer = [line]));
    }
  }
  return blocks.filter((b) => b.length > 0);
}
