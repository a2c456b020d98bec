// Terminal escape sequences in text: the one scanner that measuring (the app's text.ts), wrapping
// (wrap.ts) and cleaning text from outside (terminal-text.ts) share. It knows CSI (`ESC [`
// parameters, intermediates, a final byte: styles, cursor moves, clears) and the string sequences
// (`ESC ]` OSC: titles, links, clipboard writes; `ESC P` DCS, `ESC _` APC, `ESC ^` PM, `ESC X` SOS)
// ended by BEL or `ESC \`. Pure, imports nothing: every layer may use it.

/** Where the escape sequence at `i` (an ESC) ends; `i + 1` for an ESC that starts none. */
export function escapeEnd(text: string, i: number): number {
  const kind = text.charCodeAt(i + 1);
  let j = i + 2;
  if (kind === 0x5b) {
    // parameters '0' to '?' (digits ; : < = > ?), then intermediates ' ' to '/', then one final byte '@' to '~'
    for (let c = text.charCodeAt(j); c >= 0x30 && c <= 0x3f; c = text.charCodeAt(++j));
    for (let c = text.charCodeAt(j); c >= 0x20 && c <= 0x2f; c = text.charCodeAt(++j));
    const final = text.charCodeAt(j);
    if (final >= 0x40 && final <= 0x7e) return j + 1;
  } else if (kind === 0x5d || kind === 0x50 || kind === 0x5f || kind === 0x5e || kind === 0x58) {
    for (let c = text.charCodeAt(j); j < text.length && c !== 0x07 && c !== 0x1b; c = text.charCodeAt(++j));
    if (text.charCodeAt(j) === 0x07) return j + 1;
    if (text.charCodeAt(j) === 0x1b && text.charCodeAt(j + 1) === 0x5c) return j + 2;
  }
  return i + 1;
}

/** The text without its escape sequences; an ESC that starts none stays. */
export function stripAnsi(text: string): string {
  let i = text.indexOf('\x1b');
  if (i < 0) return text;
  let out = '';
  let from = 0;
  while (i >= 0) {
    const end = escapeEnd(text, i);
    if (end > i + 1) {
      out += text.slice(from, i);
      from = end;
    }
    i = text.indexOf('\x1b', end);
  }
  return out + text.slice(from);
}
