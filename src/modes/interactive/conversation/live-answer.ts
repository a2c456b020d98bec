// The answer being streamed: its finished blocks are rendered once into the transcript as soon as
// they end; the unfinished end stays in the live region, redrawn while it grows.
import type { AssistantMessage } from '../../../ai/types.js';
import { tailForLive } from './live-tail.js';
import { splitFinished } from '../markdown/blocks.js';
import { renderMarkdown } from '../markdown/render.js';
import type { Transcript } from './transcript.js';
import { renderThinking, renderThought } from '../view/messages.js';

/** How a finished thinking block goes into the transcript. */
export interface ThinkingOptions {
  /** in full (Ctrl+O is on) rather than as one "thought for 8 s" line */
  full(): boolean;
  /** a block was folded: how to draw it in full, should the user ask */
  folded(render: (width: number) => string[]): void;
}

export class LiveAnswer {
  private message: AssistantMessage | null = null;
  /** per text block: how many characters are already in the transcript */
  private readonly committed = new Map<number, number>();
  /** blocks wholly in the transcript */
  private readonly finished = new Set<number>();
  /** something of this answer went to the transcript (a block flushed empty is not something) */
  private printed = false;
  /**
   * The content array the last event showed. A retry resets the streamed message in place (a new
   * array), so this is what the screen showed of the attempt that was cut.
   */
  private shown: AssistantMessage['content'] = [];
  /** per thinking block: when it first showed */
  private readonly thinkingSince = new Map<number, number>();

  constructor(private readonly thinking: ThinkingOptions = { full: () => false, folded: () => {} }) {}

  /** The message streamed now (the Agent's `streamingMessage`, as the last event carried it). */
  get current(): AssistantMessage | null {
    return this.message;
  }

  /** Whether some of the answer is already in the transcript. */
  get printedSome(): boolean {
    return this.printed;
  }

  start(m: AssistantMessage): void {
    this.message = m;
    this.shown = m.content;
    this.committed.clear();
    this.finished.clear();
    this.thinkingSince.clear();
    this.printed = false;
    this.noteThinking(m);
  }

  update(m: AssistantMessage): void {
    this.message = m;
    this.shown = m.content;
    this.noteThinking(m);
  }

  private noteThinking(m: AssistantMessage): void {
    const i = m.content.length - 1;
    if (m.content[i]?.type === 'thinking' && !this.thinkingSince.has(i)) this.thinkingSince.set(i, Date.now());
  }

  /** The end of the answer not yet in the transcript (what only the live region showed), as text. */
  unprinted(): string {
    const i = this.shown.length - 1;
    const block = this.shown[i];
    if (block?.type !== 'text' || this.finished.has(i)) return '';
    return block.text.slice(this.committed.get(i) ?? 0);
  }

  /** Drops what is streaming (a retry starts the answer over). */
  drop(): void {
    this.message = null;
    this.shown = [];
    this.committed.clear();
    this.finished.clear();
    this.thinkingSince.clear();
    this.printed = false;
  }

  /** Renders the finished blocks into `out`; all of them (and lets go of the message) when `final`. */
  flush(out: Transcript, final: boolean): void {
    const m = this.message;
    if (!m) return;
    const content = m.content;
    for (let i = 0; i < content.length; i++) {
      if (this.finished.has(i)) continue;
      const block = content[i]!;
      const blockFinal = final || i < content.length - 1;
      if (block.type === 'text') {
        const from = this.committed.get(i) ?? 0;
        const rest = block.text.slice(from);
        const chunk = blockFinal ? rest : splitFinished(rest).done;
        if (chunk.trim()) {
          out.push(renderMarkdown(chunk, { width: out.width, highlight: true }));
          this.printed = true;
        }
        this.committed.set(i, from + chunk.length);
      } else if (block.type === 'thinking' && blockFinal) {
        const full = (width: number) => renderThinking(block.thinking, width, { streaming: false, full: true });
        if (full(out.width).length > 0) {
          const since = this.thinkingSince.get(i);
          if (this.thinking.full()) out.push(full(out.width));
          else {
            // a block that never streamed (a server that sends the answer whole) has no duration
            out.push(since === undefined ? renderThinking(block.thinking, out.width, { streaming: false }) : renderThought(Date.now() - since));
            this.thinking.folded(full);
          }
          this.printed = true;
        }
      }
      if (!blockFinal) break;
      this.finished.add(i);
    }
    if (final) this.message = null;
  }

  /** The unfinished end of the answer, as the live region shows it. */
  liveLines(width: number, maxLines: number): string[] {
    const m = this.message;
    if (!m) return [];
    const i = m.content.length - 1;
    const block = m.content[i];
    if (!block || this.finished.has(i)) return [];
    if (block.type === 'text') return tailForLive(block.text.slice(this.committed.get(i) ?? 0), width, maxLines);
    if (block.type === 'thinking') return renderThinking(block.thinking, width, { streaming: true });
    return [];
  }
}
