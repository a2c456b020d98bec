// What a server, a model or a tool sends is drawn on someone's terminal: escape sequences could
// move the cursor, retitle the window or write to the clipboard, and a NUL or a megabyte of error
// body is noise. Pure.
import { stripAnsi } from './interactive/escapes.js';

// C0 controls but tab and newline, DEL, and the C1 controls (an 8-bit CSI is U+009B).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/** The longest message tack writes to stderr from outside text, in characters. */
export const MESSAGE_LIMIT = 2000;

/**
 * `text` without escape sequences or control characters (tab and newline stay; a CR becomes a
 * line break), cut to `maxChars` with a note of how much was left out.
 */
export function terminalSafe(text: string, maxChars = MESSAGE_LIMIT): string {
  const clean = stripAnsi(text).replace(/\r\n?/g, '\n').replace(CONTROL, '');
  if (clean.length <= maxChars) return clean;
  return `${clean.slice(0, maxChars)}… (${clean.length - maxChars} more characters)`;
}
