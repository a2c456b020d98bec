// The trust question, asked on the terminal before anything from a folder's own files runs (before
// the session, the model server or Ink): what was found, what each file would do, and three answers.
// It is redrawn in place, line by line (redraw.ts), and drawn no taller than the terminal (trust-view.ts).
import { fileList, type TrustAssessment } from '../../../trust/index.js';
import { KeyParser, type KeyEvent } from '../input/keys.js';
import { s, sym } from '../text/style.js';
import { visible } from '../../../text/terminal-text.js';
import { truncate } from '../text/text.js';
import { enterRawMode } from '../os/terminal.js';
import { drawInPlace } from './redraw.js';
import { type Choice as ShownChoice, renderTrustQuestion } from './trust-view.js';

export type TrustAnswer = 'remember' | 'session' | 'no' | 'quit';

interface Choice extends ShownChoice {
  answer: TrustAnswer;
}

const CHOICES: Choice[] = [
  { label: 'Trust this folder (remembered until these files change)', key: 'y', answer: 'remember' },
  { label: 'Trust it for this session only', key: 's', answer: 'session' },
  { label: "Don't trust it: use only my own settings", key: 'n', answer: 'no' },
];

/** how long a lone Esc waits for the rest of an escape sequence */
const ESCAPE_WAIT_MS = 30;
/** Keys that arrive this soon after the question is drawn were typed before it: they answer nothing (the key hint shows after it). */
const TYPEAHEAD_GUARD_MS = 250;

/** The line left on the screen once answered, no wider than the terminal. */
function answeredLine(answer: TrustAnswer, a: TrustAssessment, cols: number): string {
  const names = fileList(a.files, (f) => visible(f.rel));
  const one = a.files.length === 1;
  if (answer === 'remember') return s.gray(truncate(`${sym('✓', '+')} trusted ${visible(a.root)}: ${names} ${one ? 'applies' : 'apply'}`, cols));
  if (answer === 'session') return s.gray(truncate(`${sym('✓', '+')} trusted for this session: ${names} ${one ? 'applies' : 'apply'}`, cols));
  return s.gray(truncate(`${sym('✗', 'x')} not trusted: ${names} ${one ? 'is' : 'are'} ignored; using only your own settings`, cols));
}

/** What a key does to the question: a new selection, an answer, or nothing. */
function onKey(k: KeyEvent, selected: number): { selected: number; answer?: TrustAnswer } {
  if (k.kind === 'text') {
    const choice = CHOICES.find((c) => c.key === k.text.toLowerCase());
    return choice ? { selected, answer: choice.answer } : { selected };
  }
  if (k.kind !== 'key') return { selected };
  if (k.ctrl && (k.name === 'c' || k.name === 'd')) return { selected, answer: 'quit' };
  if (k.name === 'escape') return { selected, answer: 'no' };
  if (k.name === 'enter') return { selected, answer: CHOICES[selected]!.answer };
  if (k.name === 'up') return { selected: (selected + CHOICES.length - 1) % CHOICES.length };
  if (k.name === 'down' || k.name === 'tab') return { selected: (selected + 1) % CHOICES.length };
  return { selected };
}

export function askTrust(a: TrustAssessment, stdin: NodeJS.ReadStream, stdout: NodeJS.WriteStream, ownSettings: string): Promise<TrustAnswer> {
  return new Promise((resolve) => {
    const parser = new KeyParser();
    // Enter out of habit must not hand over what loosens a protection.
    let selected = a.files.some((f) => f.risky) ? CHOICES.length - 1 : 0;
    let keysTaken = false;
    const screen = drawInPlace(stdout, (size) => renderTrustQuestion(a, { choices: CHOICES, selected, ...size, ownSettings, keysTaken }));
    screen.draw();
    let escapeTimer: NodeJS.Timeout | undefined;
    let answered = false;
    const guard = setTimeout(() => {
      keysTaken = true;
      screen.draw();
    }, TYPEAHEAD_GUARD_MS);
    const handle = (keys: KeyEvent[]) => {
      for (const k of keys) {
        const next = onKey(k, selected);
        if (next.answer) {
          answered = true;
          clearTimeout(guard);
          terminal.restore();
          screen.finish(next.answer === 'quit' ? [] : [answeredLine(next.answer, a, stdout.columns || 80)]);
          resolve(next.answer);
          return;
        }
        if (next.selected !== selected) {
          selected = next.selected;
          screen.draw();
        }
      }
    };
    const terminal = enterRawMode(stdin, stdout, (chunk) => {
      if (!keysTaken || answered) return;
      clearTimeout(escapeTimer);
      handle(parser.feed(chunk));
      // a lone Esc is a key once nothing follows it (not the start of a sequence)
      if (!answered && parser.hasPending()) escapeTimer = setTimeout(() => handle(parser.flush()), ESCAPE_WAIT_MS);
    });
  });
}
