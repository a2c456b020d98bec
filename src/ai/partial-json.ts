// Incremental JSON parser for streamed tool-call arguments.
//
// Models stream arguments in small fragments; a UI wants to show the arguments as they grow (the
// path of a file being written, its content so far). Re-parsing the accumulated text on every
// fragment costs O(total) per fragment, O(n²) per call. This parser is a state machine that keeps
// its state between fragments and builds the value tree in place, so each fragment costs O(its
// length) and `value()` is O(1): it returns the same live object, updated as text arrives.
//
// It is lenient and best-effort: on malformed input it stops updating and keeps what it had.
// The final verdict on validity is `JSON.parse` of the whole text, done once at the end.

type Container = Record<string, unknown> | unknown[];

type Mode =
  | 'value' // expecting a value
  | 'key' // in an object, expecting a key or '}'
  | 'colon'
  | 'after' // after a value: ',' or a closing bracket
  | 'string'
  | 'number'
  | 'literal'
  | 'done'
  | 'failed';

const LITERALS: Record<string, unknown> = { true: true, false: false, null: null };
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
const NUMBER_CHARS = /[0-9eE+.-]/;
const STRING_SPECIAL = /["\\]/g;

export class PartialJsonParser {
  private root: unknown = undefined;
  private stack: Container[] = [];
  /** the key the next value of the innermost object goes under */
  private key = '';
  private mode: Mode = 'value';
  /** text of the string, number or literal being read */
  private token = '';
  private tokenIsKey = false;
  /** where the token's value lives once placed, so it can be updated as it grows */
  private slot: { container: Container; key: string | number } | null = null;
  /** null: not in an escape; '': just after a backslash; 'u...': reading a \u escape */
  private escape: string | null = null;

  feed(fragment: string): void {
    let i = 0;
    while (i < fragment.length && this.mode !== 'failed') {
      if (this.mode === 'string') i = this.readString(fragment, i);
      else if (this.step(fragment[i]!)) i++;
    }
    // A number or string in progress becomes visible at the end of each fragment.
    if (this.mode === 'number') this.updateNumber();
    else if (this.mode === 'string' && !this.tokenIsKey) this.setSlot(this.token);
  }

  /** The object parsed so far (the same live object each time); `{}` until an object has begun. */
  value(): Record<string, unknown> {
    const root = this.root;
    return root !== null && typeof root === 'object' && !Array.isArray(root) ? (root as Record<string, unknown>) : {};
  }

  /** Reads string content up to the closing quote or the fragment's end; returns the next index. */
  private readString(text: string, start: number): number {
    let i = start;
    while (i < text.length) {
      if (this.escape !== null) {
        i = this.readEscape(text, i);
        if (this.mode === 'failed') return text.length;
        continue;
      }
      STRING_SPECIAL.lastIndex = i;
      const match = STRING_SPECIAL.exec(text);
      const end = match ? match.index : text.length;
      // `+=` on V8 strings builds a rope, so appending stays cheap for long strings.
      if (end > i) this.token += text.slice(i, end);
      if (!match) return text.length;
      i = end + 1;
      if (match[0] === '\\') this.escape = '';
      else {
        this.endString();
        return i;
      }
    }
    return i;
  }

  private readEscape(text: string, i: number): number {
    const ch = text[i]!;
    if (this.escape === '') {
      if (ch === 'u') this.escape = 'u';
      else if (ch in ESCAPES) {
        this.token += ESCAPES[ch];
        this.escape = null;
      } else this.mode = 'failed';
      return i + 1;
    }
    const escape = `${this.escape}${ch}`;
    this.escape = escape;
    if (escape.length === 5) {
      const hex = escape.slice(1);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.mode = 'failed';
      // Surrogate pairs arrive as two \u escapes; JS strings join the halves by themselves.
      else this.token += String.fromCharCode(Number.parseInt(hex, 16));
      this.escape = null;
    }
    return i + 1;
  }

  private endString(): void {
    if (this.tokenIsKey) {
      this.key = this.token;
      this.mode = 'colon';
    } else {
      this.setSlot(this.token);
      this.afterValue();
    }
    this.token = '';
  }

  /** Handles one character outside strings; returns false when the character must be re-read. */
  private step(ch: string): boolean {
    if (this.mode === 'number') {
      if (NUMBER_CHARS.test(ch)) {
        this.token += ch;
        return true;
      }
      if (!this.updateNumber()) return this.fail();
      this.token = '';
      this.afterValue();
      return false;
    }
    if (this.mode === 'literal') {
      this.token += ch;
      const word = Object.keys(LITERALS).find((w) => w.startsWith(this.token));
      if (!word) return this.fail();
      if (word === this.token) {
        this.setSlot(LITERALS[word]);
        this.token = '';
        this.afterValue();
      }
      return true;
    }
    if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t') return true;
    switch (this.mode) {
      case 'value':
        return this.startValue(ch);
      case 'key':
        if (ch === '"') {
          this.mode = 'string';
          this.tokenIsKey = true;
        } else if (ch === '}') this.close();
        else return this.fail();
        return true;
      case 'colon':
        if (ch !== ':') return this.fail();
        this.mode = 'value';
        return true;
      case 'after':
        if (ch === ',') this.mode = Array.isArray(this.top()) ? 'value' : 'key';
        else if (ch === '}' || ch === ']') this.close();
        else return this.fail();
        return true;
      default:
        return this.fail(); // text after the complete value
    }
  }

  private startValue(ch: string): boolean {
    if (ch === '{' || ch === '[') {
      const container: Container = ch === '{' ? {} : [];
      this.setSlot(container);
      this.slot = null; // the container is placed once; what follows goes inside it
      this.stack.push(container);
      this.mode = ch === '{' ? 'key' : 'value';
    } else if (ch === ']' && Array.isArray(this.top()))
      this.close(); // empty array
    else if (ch === '"') {
      this.mode = 'string';
      this.tokenIsKey = false;
      this.setSlot('');
    } else if (ch === '-' || (ch >= '0' && ch <= '9')) {
      this.mode = 'number';
      this.token = ch;
    } else if (ch === 't' || ch === 'f' || ch === 'n') {
      this.mode = 'literal';
      this.token = ch;
    } else return this.fail();
    return true;
  }

  /** Places or updates the value being read: at the root, appended to an array, or under the key. */
  private setSlot(value: unknown): void {
    if (!this.slot) {
      const top = this.top();
      if (!top) {
        this.root = value;
        return;
      }
      const key = Array.isArray(top) ? top.length : this.key;
      this.slot = { container: top, key };
    }
    const { container, key } = this.slot;
    // Plain assignment to '__proto__' would swap the prototype instead of adding a key (JSON.parse adds a key).
    if (key === '__proto__') Object.defineProperty(container, key, { value, enumerable: true, writable: true, configurable: true });
    else (container as Record<string | number, unknown>)[key] = value;
  }

  private updateNumber(): boolean {
    const n = Number(this.token);
    if (!Number.isFinite(n)) return false; // e.g. '-' or '1e' so far
    this.setSlot(n);
    return true;
  }

  private afterValue(): void {
    this.slot = null;
    this.mode = this.stack.length ? 'after' : 'done';
  }

  private close(): void {
    this.stack.pop();
    this.afterValue();
  }

  private top(): Container | undefined {
    return this.stack[this.stack.length - 1];
  }

  private fail(): boolean {
    this.mode = 'failed';
    return true;
  }
}

/** The final verdict on a tool call's argument text: an object, or why it is not one. */
export function parseToolArguments(raw: string): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (raw.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      ok: false,
      error: `arguments must be a JSON object, got ${Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'null' : typeof value}`,
    };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
