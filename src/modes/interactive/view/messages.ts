// Transcript entries other than answers and tools: the user's messages, thinking, errors, notices.
import { plural } from '../../../../tools/format.js';
import type { UserMessage } from '../../../ai/types.js';
import { attachedFiles } from '../../../session/attachments/parts.js';
import { s, sym } from '../text/style.js';
import { visible } from '../../../text/terminal-text.js';
import { sanitize, truncate, wrap, wrapWithPrefix } from '../text/text.js';

export const USER_MAX_LINES = 12;
export const THINKING_LINES = 3;

/** What the user typed: a message with parts carries it first, then the files it attached. */
export function userText(m: UserMessage): string {
  if (typeof m.content === 'string') return m.content;
  const first = m.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** One dim line per file the message attached, with its size (and where a long one was cut). */
export function attachedLines(m: UserMessage, cols: number): string[] {
  return attachedFiles(m.content).map((f) => {
    const what = f.kind === 'image' ? `${f.size} image` : f.cut ? `${f.size}, cut ${f.cut}` : f.size;
    return s.dim(truncate(`  ${sym('⎘', '+')} ${sanitize(f.path)} (${what})`, cols));
  });
}

/** The user's message as the transcript shows it: the typed text, then what it attached. */
export function renderUserMessage(m: UserMessage, cols: number): string[] {
  return [...renderUser(userText(m), cols), ...attachedLines(m, cols)];
}

export function renderUser(text: string, cols: number): string[] {
  const lines = wrapWithPrefix(sanitize(text).replace(/\n+$/, ''), cols, `${sym('›', '>')} `, '  ');
  const shown =
    lines.length > USER_MAX_LINES ? [...lines.slice(0, USER_MAX_LINES - 1), `  … ${plural(lines.length - USER_MAX_LINES + 1, 'more line')}`] : lines;
  return shown.map((l) => s.bold(s.cyan(l)));
}

/** Finished thinking, folded to one line: how long it took. */
export function renderThought(ms: number): string[] {
  return [s.dim(s.italic(`${sym('✻', '*')} thought for ${Math.max(1, Math.round(ms / 1000))} s`))];
}

/** Thinking, dimmed: while it streams its last lines, in full when asked (Ctrl+O), else its first lines. */
export function renderThinking(text: string, cols: number, o: { streaming: boolean; full?: boolean }): string[] {
  const lines = wrap(sanitize(text).trim(), cols - 2);
  if (lines.length === 0 || (lines.length === 1 && lines[0] === '')) return [];
  const shown = o.full ? lines : o.streaming ? lines.slice(-THINKING_LINES) : lines.slice(0, THINKING_LINES);
  const more = lines.length - shown.length;
  const out = shown.map((l) => s.dim(s.italic(`  ${l}`)));
  if (more > 0) {
    const note = s.dim(`  … ${plural(more, 'more line')} of thinking`);
    if (o.streaming) out.unshift(note);
    else out.push(note);
  }
  return [s.dim(s.italic('thinking')), ...out];
}

export function renderError(message: string, cols: number): string[] {
  return wrapWithPrefix(sanitize(message, 'newline'), cols, `${sym('✗', 'x')} `, '  ').map((l) => s.red(l));
}

export function renderNotice(message: string, cols: number): string[] {
  return wrap(sanitize(message, 'newline'), cols).map((l) => s.gray(l));
}

/** The first line of the transcript: tack's version, the model (a server may have named it) and the directory. */
export function renderHeader(o: { version: string; model: string; cwd: string }, cols: number): string[] {
  return [truncate(`${s.bold('tack')} ${s.gray(o.version)} ${s.gray('·')} ${visible(o.model)} ${s.gray('·')} ${s.gray(visible(o.cwd))}`, cols)];
}
