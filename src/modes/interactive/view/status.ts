// The working line: a spinner, the elapsed time and what is going on; or a retry countdown.
import { stripControls, visible } from '../../../text/terminal-text.js';
import { s, sym } from '../text/style.js';
import { truncate, wrap } from '../text/text.js';
import { formatSeconds } from './tool-view.js';
import { retryCount } from '../../retry-count.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const PLAIN_FRAMES = ['-', '\\', '|', '/'];

export function spinnerFrame(now: number): string {
  const frames = sym('x', '') === '' ? PLAIN_FRAMES : FRAMES;
  return frames[Math.floor(now / 100) % frames.length]!;
}

export interface RetryInfo {
  attempt: number;
  maxAttempts: number;
  reason: string;
  /** when the next attempt starts (ms since epoch) */
  at: number;
}

export interface StatusInfo {
  busy: boolean;
  startedAt: number;
  activity: string;
  retry: RetryInfo | null;
  /** what Esc does now, when not "Esc to interrupt" (a question: "Esc: no") */
  escape?: string;
  /** e.g. "press Ctrl+C again to quit" */
  hint?: string;
}

export function renderStatus(st: StatusInfo, cols: number, now: number): string[] {
  const out: string[] = [];
  if (st.retry) {
    const wait = Math.max(0, Math.ceil((st.retry.at - now) / 1000));
    out.push(...wrap(s.yellow(`${sym('⚠', '!')} ${stripControls(st.retry.reason)}; retrying in ${wait}s (${retryCount(st.retry)})`), cols));
  }
  if (st.busy) {
    // the activity can name a tool call by its arguments (`bash: …`): the model's bytes, shown
    const line = `${s.cyan(spinnerFrame(now))} ${visible(st.activity)} ${s.gray(`(${formatSeconds(now - st.startedAt)} · ${st.escape ?? 'Esc to interrupt'})`)}`;
    out.push(truncate(line, cols));
  }
  // a notice says what a mode or key does now: wrapped, never cut
  if (st.hint) out.push(...wrap(s.yellow(st.hint), cols));
  return out;
}
