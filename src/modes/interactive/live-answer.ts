// The answer being streamed: its finished blocks are rendered once into the transcript as soon as
// they end; the unfinished end stays in the live region, redrawn while it grows.
import type { AssistantMessage } from '../../ai/types.js';
import { tailForLive } from './live-tail.js';
import { splitFinished } from './markdown/blocks.js';
import { renderMarkdown } from './markdown/render.js';
import type { Transcript } from './transcript.js';
import { renderThinking } from './view/messages.js';

export class LiveAnswer {
  private message: AssistantMessage | null = null;
  /** per text block: how many characters are already in the transcript */
  private readonly committed = new Map<number, number>();
  /** blocks wholly in the transcript */
  private readonly finished = new Set<number>();

  /** The message streamed now (the Agent's `streamingMessage`, as the last event carried it). */
  get current(): AssistantMessage | null {
    return this.message;
  }

  /** Whether some of the answer is already in the transcript. */
  get printedSome(): boolean {
    return this.committed.size > 0 || this.finished.size > 0;
  }

  start(m: AssistantMessage): void {
    this.message = m;
    this.committed.clear();
    this.finished.clear();
  }

  update(m: AssistantMessage): void {
    this.message = m;
  }

  /** Drops what is streaming (a retry starts the answer over). */
  drop(): void {
    this.message = null;
    this.committed.clear();
    this.finished.clear();
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
        if (chunk.trim()) out.push(renderMarkdown(chunk, { width: out.width, highlight: true }));
        this.committed.set(i, from + chunk.length);
      } else if (block.type === 'thinking' && blockFinal) {
        const lines = renderThinking(block.thinking, out.width, { streaming: false });
        if (lines.length > 0) out.push(lines);
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
