// Text a question or a tool line shows, with every character that could hide or rewrite what is on
// screen made visible: a carriage return that returns to the line start, a backspace, an escape
// sequence, a bidi override that reverses the rest of the line, a zero-width character. The user
// must see what runs, so nothing is removed: each one is drawn as a short visible token.

// eslint-disable-next-line no-control-regex
const HIDING = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/** C0 controls other than tab and newline: a command holding one always asks */
// eslint-disable-next-line no-control-regex
const C0 = /[\x00-\x08\x0b-\x1f\x7f]/;

const NAMED: Record<string, string> = { '\r': '\\r', '\b': '\\b', '\x07': '\\a', '\v': '\\v', '\f': '\\f', '\0': '\\0', '\x1b': '␛' };

function token(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** `text` with every control, bidi and zero-width character drawn as a token (`\r`, `␛`, `<U+202E>`). */
export function visible(text: string): string {
  HIDING.lastIndex = 0;
  return HIDING.test(text) ? text.replace(HIDING, token) : text;
}

/** The first control character (not tab or newline) in `text`, as its visible token, if any. */
export function controlCharacter(text: string): string | undefined {
  const m = C0.exec(text);
  return m ? token(m[0]) : undefined;
}
