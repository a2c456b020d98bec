// Splits content that carries its reasoning inline, `<think>…</think>` first and the answer after
// (DeepSeek-R1 distills, Qwen3 and others on servers without a reasoning parser), into thinking and
// text. Tags may arrive cut anywhere across chunks, so a tail that could still become a tag is held
// back until the next chunk decides it. Only a tag at the very start of the answer opens thinking:
// an answer that talks about `<think>` later on stays text.

const OPEN = '<think>';
const CLOSE = '</think>';

export type Piece = { kind: 'text' | 'thinking'; text: string };

type State = 'start' | 'thinking' | 'after' | 'text';

export class ThinkTagSplitter {
  private state: State = 'start';
  private buffer = '';
  /** whether any thinking came out yet: whitespace before the first word is dropped */
  private thought = false;

  /** The pieces `chunk` completes, in order; held-back text comes out with a later chunk or `flush`. */
  push(chunk: string): Piece[] {
    this.buffer += chunk;
    const out: Piece[] = [];
    for (;;) {
      if (this.state === 'start') {
        const trimmed = this.buffer.trimStart();
        if (trimmed === '' || (trimmed.length < OPEN.length && OPEN.startsWith(trimmed))) return out;
        if (trimmed.startsWith(OPEN)) {
          this.buffer = trimmed.slice(OPEN.length);
          this.state = 'thinking';
        } else this.state = 'text';
      } else if (this.state === 'thinking') {
        if (!this.thought) this.buffer = this.buffer.trimStart();
        const end = this.buffer.indexOf(CLOSE);
        if (end < 0) {
          // Whitespace before the closing tag is not part of the thinking, so it waits too.
          const tag = partialTagLength(this.buffer, CLOSE);
          const body = this.buffer.slice(0, this.buffer.length - tag).trimEnd();
          if (emit(out, 'thinking', body)) this.thought = true;
          this.buffer = this.buffer.slice(body.length);
          return out;
        }
        emit(out, 'thinking', this.buffer.slice(0, end).trimEnd());
        this.buffer = this.buffer.slice(end + CLOSE.length);
        this.state = 'after';
      } else if (this.state === 'after') {
        // The answer usually follows the closing tag after a blank line, which is not part of it.
        this.buffer = this.buffer.trimStart();
        if (this.buffer === '') return out;
        this.state = 'text';
      } else {
        emit(out, 'text', this.buffer);
        this.buffer = '';
        return out;
      }
    }
  }

  /** What is still held back when the stream ends: an unclosed `<think>` stays thinking. */
  flush(): Piece[] {
    const rest = this.buffer;
    this.buffer = '';
    if (this.state === 'thinking') return rest.trim() ? [{ kind: 'thinking', text: rest.trimEnd() }] : [];
    return rest.trim() ? [{ kind: 'text', text: rest }] : [];
  }
}

function emit(out: Piece[], kind: Piece['kind'], text: string): boolean {
  if (text) out.push({ kind, text });
  return text !== '';
}

/** The length of the longest end of `text` that `tag` starts with (a tag cut by the chunk boundary). */
function partialTagLength(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) if (tag.startsWith(text.slice(-n))) return n;
  return 0;
}
