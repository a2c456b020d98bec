// Raw terminal input to key events: escape sequences (xterm, SS3, modifyOtherKeys, CSI u), Alt
// combinations, and bracketed paste delivered as one piece even when it spans several reads.

export type KeyName =
  | 'enter'
  | 'tab'
  | 'backspace'
  | 'delete'
  | 'escape'
  | 'insert'
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'home'
  | 'end'
  | 'pageup'
  | 'pagedown'
  | string; // a letter or character for ctrl/meta combinations

export type KeyEvent =
  | { kind: 'text'; text: string }
  | { kind: 'paste'; text: string }
  /** the terminal gained or lost focus (focus reporting, which tack turns on) */
  | { kind: 'focus'; focused: boolean }
  | { kind: 'key'; name: KeyName; ctrl: boolean; meta: boolean; shift: boolean };

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

const key = (name: KeyName, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean } = {}): KeyEvent => ({
  kind: 'key',
  name,
  ctrl: mods.ctrl ?? false,
  meta: mods.meta ?? false,
  shift: mods.shift ?? false,
});

const CSI_FINAL: Record<string, KeyName> = { A: 'up', B: 'down', C: 'right', D: 'left', H: 'home', F: 'end', Z: 'tab' };
const TILDE: Record<string, KeyName> = { '1': 'home', '7': 'home', '4': 'end', '8': 'end', '2': 'insert', '3': 'delete', '5': 'pageup', '6': 'pagedown' };

function modifiers(param: string | undefined) {
  const n = Math.max(0, Number(param ?? '1') - 1);
  return { shift: (n & 1) !== 0, meta: (n & 2) !== 0, ctrl: (n & 4) !== 0 };
}

/** A key from a Unicode code point with modifiers (CSI u and modifyOtherKeys). */
function codepointKey(code: number, mods: { shift: boolean; meta: boolean; ctrl: boolean }): KeyEvent {
  if (code === 13) return key('enter', mods);
  if (code === 9) return key('tab', mods);
  if (code === 127 || code === 8) return key('backspace', mods);
  if (code === 27) return key('escape', mods);
  const ch = String.fromCodePoint(code);
  if (!mods.ctrl && !mods.meta) return { kind: 'text', text: mods.shift ? ch.toUpperCase() : ch };
  return key(ch.toLowerCase(), mods);
}

function controlKey(c: string, meta: boolean): KeyEvent {
  const code = c.charCodeAt(0);
  if (c === '\r') return key('enter', { meta });
  if (c === '\n') return key('j', { ctrl: true, meta });
  if (c === '\t') return key('tab', { meta });
  if (c === '\x7f' || c === '\b') return key('backspace', { meta });
  if (code === 0) return key('space', { ctrl: true, meta });
  return key(String.fromCharCode(code + 96), { ctrl: true, meta });
}

/** Matches one escape sequence at `i` (which holds ESC); returns its length, or 0 if incomplete. */
function parseEscape(data: string, i: number, out: KeyEvent[]): number {
  const next = data[i + 1];
  if (next === undefined) return 0;
  if (next === '[') {
    const m = /^\x1b\[([0-9;:?<>]*)([ -/]*)([@-~])/.exec(data.slice(i, i + 32));
    if (!m) return data.length - i < 32 ? 0 : 2;
    const [seq, params = '', , final = ''] = m;
    const parts = params.split(';');
    if (final === '~') {
      if (parts[0] === '27' && parts[2]) out.push(codepointKey(Number(parts[2]), modifiers(parts[1])));
      else if (TILDE[parts[0]!]) out.push(key(TILDE[parts[0]!]!, modifiers(parts[1])));
    } else if (final === 'u') {
      out.push(codepointKey(Number(parts[0]!.split(':')[0]), modifiers(parts[1])));
    } else if (final === 'Z') {
      out.push(key('tab', { shift: true }));
    } else if (CSI_FINAL[final]) {
      out.push(key(CSI_FINAL[final]!, modifiers(parts[1])));
    } else if (params === '' && (final === 'I' || final === 'O')) {
      out.push({ kind: 'focus', focused: final === 'I' });
    } // cursor reports and the like are dropped
    return seq.length;
  }
  if (next === 'O') {
    const f = data[i + 2];
    if (f === undefined) return 0;
    if (CSI_FINAL[f]) out.push(key(CSI_FINAL[f]!));
    return 3;
  }
  if (next === '\x1b') {
    out.push(key('escape'));
    return 1;
  }
  // Alt+key: ESC then the key.
  if (next < ' ' || next === '\x7f') out.push(controlKey(next, true));
  else out.push(key(next === ' ' ? 'space' : next, { meta: true }));
  return 2;
}

export class KeyParser {
  private pending = '';
  private paste: string | null = null;

  /**
   * Parses what the terminal sent; an incomplete sequence at the end waits for the next read.
   * A paste is what arrives inside bracketed-paste markers (tack turns them on); anything else is
   * typing, so an Enter in the same read as the next words is still Enter (a guess at unmarked
   * pastes once turned a steer into a follow-up). `typeahead`: keys typed before the app was ready,
   * where `\n` is Enter too: they went through the terminal's cooked mode, which turns `\r` into `\n`.
   */
  feed(chunk: string, typeahead = false): KeyEvent[] {
    const out: KeyEvent[] = [];
    let data = this.pending + chunk;
    this.pending = '';
    for (;;) {
      if (this.paste !== null) {
        const end = data.indexOf(PASTE_END);
        if (end < 0) {
          // Keep a possible partial end marker for the next read.
          const keep = partialSuffix(data, PASTE_END);
          this.paste += data.slice(0, data.length - keep);
          this.pending = data.slice(data.length - keep);
          return out;
        }
        out.push({ kind: 'paste', text: this.paste + data.slice(0, end) });
        this.paste = null;
        data = data.slice(end + PASTE_END.length);
        continue;
      }
      const start = data.indexOf(PASTE_START);
      const head = start < 0 ? data : data.slice(0, start);
      const rest = this.parsePlain(head, out, start < 0, typeahead);
      if (start < 0) {
        this.pending = rest;
        return out;
      }
      this.paste = '';
      data = data.slice(start + PASTE_START.length);
    }
  }

  /** A lone ESC held back as a possible sequence start is a real Escape once the input goes quiet. */
  flush(): KeyEvent[] {
    const held = this.pending;
    this.pending = '';
    if (held === '' || this.paste !== null) {
      this.pending = held;
      return [];
    }
    return [key('escape'), ...this.feed(held.slice(1))];
  }

  hasPending(): boolean {
    return this.pending !== '';
  }

  /** Returns the unparsed remainder (an incomplete escape sequence at the end). */
  private parsePlain(data: string, out: KeyEvent[], last: boolean, typeahead: boolean): string {
    let text = '';
    const flushText = () => {
      if (text) out.push({ kind: 'text', text });
      text = '';
    };
    let i = 0;
    while (i < data.length) {
      const c = data[i]!;
      if (c === '\x1b') {
        flushText();
        if (i === data.length - 1 && data.length === 1) {
          out.push(key('escape'));
          i++;
          continue;
        }
        const n = parseEscape(data, i, out);
        if (n === 0) {
          if (last) return data.slice(i);
          out.push(key('escape'));
          i++;
          continue;
        }
        i += n;
      } else if (c < ' ' || c === '\x7f') {
        flushText();
        out.push(typeahead && c === '\n' ? key('enter') : controlKey(c, false));
        i++;
      } else {
        text += c;
        i++;
      }
    }
    flushText();
    return '';
  }
}

function partialSuffix(data: string, marker: string): number {
  for (let n = Math.min(marker.length - 1, data.length); n > 0; n--) {
    if (marker.startsWith(data.slice(data.length - n))) return n;
  }
  return 0;
}
