// The trust question, asked on the terminal before anything from a folder's own files runs (before
// the session, the model server or Ink): what was found, what each file would do, and three answers.
import { plural } from '../../../../tools/format.js';
import type { TrustAssessment } from '../../../trust/index.js';
import { KeyParser, type KeyEvent } from '../input/keys.js';
import { s, sym } from '../text/style.js';
import { visible } from '../../../text/terminal-text.js';
import { truncate, wrapWithPrefix } from '../text/text.js';
import { enterRawMode } from '../os/terminal.js';

export type TrustAnswer = 'remember' | 'session' | 'no' | 'quit';

interface Choice {
  label: string;
  key: string;
  answer: TrustAnswer;
}

const CHOICES: Choice[] = [
  { label: 'Trust this folder (remembered until these files change)', key: 'y', answer: 'remember' },
  { label: 'Trust it for this session only', key: 's', answer: 'session' },
  { label: "Don't trust it: use only my own settings", key: 'n', answer: 'no' },
];

/** Keys that arrive this soon after the question is drawn were typed before it: they answer nothing. */
/** how long a lone Esc waits for the rest of an escape sequence */
const ESCAPE_WAIT_MS = 30;
const TYPEAHEAD_GUARD_MS = 250;
const INDENT = '  ';

/** The question's lines at this width, with `selected` highlighted. Pure. */
export function renderTrustQuestion(a: TrustAssessment, selected: number, cols: number, ownSettings: string): string[] {
  const changed = a.status === 'changed';
  const head = changed ? "This folder's settings changed since you trusted it" : 'This folder has its own tack settings';
  const lines = [truncate(`${s.yellow(sym('?', '?'))} ${s.bold(head)}  ${s.gray(visible(a.root))}`, cols)];
  for (const f of a.files) {
    const state = f.change === 'same' ? '' : f.change === 'new' && changed ? ' (new)' : f.change === 'changed' ? ' (changed)' : '';
    lines.push(`${INDENT}${s.bold(visible(f.rel))}${state}, if trusted:`);
    const effects = f.effects.length > 0 ? f.effects : ['change nothing tack does'];
    for (const effect of effects) {
      const fresh = changed && f.added.includes(effect);
      const text = `${fresh ? 'new: ' : ''}${visible(effect)}`;
      const wrapped = wrapWithPrefix(text, cols, `${INDENT}${INDENT}${sym('•', '-')} `, `${INDENT}${INDENT}  `);
      lines.push(...wrapped.map((l) => (fresh ? s.yellow(l) : l)));
    }
    if (f.diff) lines.push(...diffLines(f.diff, cols));
  }
  lines.push(...wrapWithPrefix(`Until you trust it, tack uses only your own settings (${ownSettings}).`, cols, INDENT, INDENT).map((l) => s.gray(l)));
  CHOICES.forEach((c, i) => {
    const line = truncate(`${i === selected ? sym('›', '>') : ' '} ${c.label} ${s.gray(`(${c.key})`)}`, cols);
    lines.push(i === selected ? s.cyan(s.bold(line)) : line);
  });
  lines.push(s.gray(truncate(`${INDENT}y/s/n or ${sym('↑↓', 'Up/Down')} Enter · Esc: don't trust`, cols)));
  return lines;
}

/** A script a hook or server runs changed since it was trusted: what changed, the first lines of it. */
const DIFF_LINES = 16;
function diffLines(diff: string, cols: number): string[] {
  const all = diff.split('\n');
  const shown = all.slice(0, DIFF_LINES).map((line) => {
    const text = truncate(`${INDENT}${INDENT}${visible(line)}`, cols);
    return line.startsWith('+') ? s.green(text) : line.startsWith('-') ? s.red(text) : s.gray(text);
  });
  const more = all.length - shown.length;
  return more > 0 ? [...shown, s.gray(`${INDENT}${INDENT}… ${plural(more, 'more line')} of the diff`)] : shown;
}

/** The line left on the screen once answered. */
function answeredLine(answer: TrustAnswer, a: TrustAssessment): string {
  const names = a.files.map((f) => visible(f.rel)).join(', ');
  if (answer === 'remember') return s.gray(`${sym('✓', '+')} trusted ${visible(a.root)}: ${names} applies`);
  if (answer === 'session') return s.gray(`${sym('✓', '+')} trusted for this session: ${names} applies`);
  return s.gray(`${sym('✗', 'x')} not trusted: ${names} is ignored; using only your own settings`);
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
    let drawn = 0;
    const draw = () => {
      const lines = renderTrustQuestion(a, selected, stdout.columns || 80, ownSettings);
      stdout.write(`${drawn > 0 ? `\x1b[${drawn}A\r\x1b[J` : ''}${lines.join('\n')}\n`);
      drawn = lines.length;
    };
    draw();
    const shownAt = Date.now();
    let escapeTimer: NodeJS.Timeout | undefined;
    let answered = false;
    const handle = (keys: KeyEvent[]) => {
      for (const k of keys) {
        const next = onKey(k, selected);
        if (next.answer) {
          answered = true;
          terminal.restore();
          stdout.write(`\x1b[${drawn}A\r\x1b[J${next.answer === 'quit' ? '' : `${answeredLine(next.answer, a)}\n`}`);
          resolve(next.answer);
          return;
        }
        if (next.selected !== selected) {
          selected = next.selected;
          draw();
        }
      }
    };
    const terminal = enterRawMode(stdin, stdout, (chunk) => {
      if (Date.now() - shownAt < TYPEAHEAD_GUARD_MS || answered) return;
      clearTimeout(escapeTimer);
      handle(parser.feed(chunk));
      // a lone Esc is a key once nothing follows it (not the start of a sequence)
      if (!answered && parser.hasPending()) escapeTimer = setTimeout(() => handle(parser.flush()), ESCAPE_WAIT_MS);
    });
  });
}
