// Text from a repository, a server, a hook or the model, made fit for a terminal: the one module
// every printer uses. An escape sequence could move the cursor, clear a line, retitle the window or
// write to the clipboard; a carriage return or a bidi override could hide what is really there.
// Two ways out: `stripControls` for noise (an error message, output), `visible` for what the user
// must judge (a command that will run, a file name). Pure; imports only the escape scanner.
import { escapeEnd, stripAnsi } from './escapes.js';

// C0 controls but tab and newline, DEL, and the C1 controls (an 8-bit CSI is U+009B).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
// The bidi embeddings, overrides and isolates: they reorder the rest of a line (Trojan Source).
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;
// What `visible` draws as a token: controls, bidi marks and controls, zero-width characters.
// eslint-disable-next-line no-control-regex
const HIDING = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/** C0 controls other than tab and newline: a command holding one always asks */
// eslint-disable-next-line no-control-regex
const C0 = /[\x00-\x08\x0b-\x1f\x7f]/;

/** The longest message tack writes to stderr from outside text, in characters. */
export const MESSAGE_LIMIT = 2000;

export interface StripOptions {
  /**
   * A carriage return alone: `newline` (the default) starts a line, so nothing before it is hidden;
   * `lastRedraw` keeps what was drawn last on the line, as a terminal shows a progress bar.
   */
  carriageReturn?: 'newline' | 'lastRedraw';
  /** cut to this many characters, with a note of how many more there were */
  maxChars?: number;
}

/** `text` without escape sequences, control characters (tab and newline stay) or bidi controls. */
export function stripControls(text: string, o: StripOptions = {}): string {
  let t = stripAnsi(text).replace(/\r\n/g, '\n');
  if (t.includes('\r')) t = o.carriageReturn === 'lastRedraw' ? t.split('\n').map(lastRedraw).join('\n') : t.replace(/\r/g, '\n');
  t = t.replace(CONTROL, '').replace(BIDI, '');
  const max = o.maxChars ?? Number.POSITIVE_INFINITY;
  return t.length <= max ? t : `${t.slice(0, max)}… (${t.length - max} more characters)`;
}

function lastRedraw(line: string): string {
  const trimmed = line.replace(/\r+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('\r') + 1);
}

const NAMED: Record<string, string> = { '\r': '\\r', '\b': '\\b', '\x07': '\\a', '\v': '\\v', '\f': '\\f', '\0': '\\0', '\x1b': '␛' };

function token(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/**
 * `text` with every control, bidi and zero-width character drawn as a token (`\r`, `␛`, `<U+202E>`):
 * nothing is removed, so the user sees all there is, and nothing reaches the terminal raw.
 */
export function visible(text: string): string {
  HIDING.lastIndex = 0;
  return HIDING.test(text) ? text.replace(HIDING, token) : text;
}

/** The first control character (not tab or newline) in `text`, as its visible token, if any. */
export function controlCharacter(text: string): string | undefined {
  const m = C0.exec(text);
  return m ? token(m[0]) : undefined;
}

/** A colour or style (SGR: `ESC [ … m`) and nothing else. */
// eslint-disable-next-line no-control-regex
const SGR = /^\x1b\[[0-9;:]*m$/;

/**
 * One line of a status command's output as a terminal may show it: its colours kept (as Claude
 * Code's status line keeps them), every other escape sequence and control removed, bidi too.
 */
export function keepColours(line: string): string {
  let out = '';
  for (let i = 0; i < line.length; ) {
    if (line[i] === '\x1b') {
      const end = escapeEnd(line, i);
      const seq = line.slice(i, end);
      if (SGR.test(seq)) out += seq;
      i = end;
      continue;
    }
    const ch = line[i]!;
    out += ch === '\t' ? ' ' : ch.replace(CONTROL, '').replace(BIDI, '');
    i++;
  }
  return out;
}
