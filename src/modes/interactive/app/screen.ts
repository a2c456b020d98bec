// The frames Ink prints: static items (printed once) and the live lines, at most one frame every
// FRAME_MS however often things change, and a tick while something animates (spinner, clock).
// Frames are spaced further apart when they take long (a cold process, a slow machine, an answer
// arriving faster than anyone reads, whose finished blocks each frame renders and prints): the
// screen takes at most about 1/FRAME_SHARE of the time, and the stream the rest. Never less than
// 1000/MAX_FRAME_MS frames a second, though: a frame costs Ink ~10 ms however little changed, so
// an answer pouring in faster than it can be read is drawn in fewer, larger steps.
import type { StaticItem } from '../conversation/transcript.js';

/** Where the frames come from: the static items added since the last frame, and whether a run is going. */
export interface FrameSource {
  take(): StaticItem[];
  busy(): boolean;
}

export interface Snapshot {
  /** every static item so far (App prints the new ones once) */
  items: StaticItem[];
  live: string[];
}

const FRAME_MS = 33;
const MAX_FRAME_MS = 250;
const FRAME_SHARE = 3;
const TICK_MS = 100;

export class Screen {
  private items: StaticItem[] = [];
  private snapshot: Snapshot = { items: [], live: [] };
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;
  /** when the scheduled frame is due */
  private due = 0;
  private ticker: NodeJS.Timeout | null = null;
  private lastFrame = 0;
  /** how long the last frame took: rendering the finished text, composing, drawing */
  private frameMs = 0;
  private closed = false;
  /** another program has the terminal (an editor): nothing is drawn until it is given back */
  private paused = false;

  constructor(
    private readonly source: FrameSource,
    /** the live region at this moment */
    private readonly compose: (now: number) => string[],
  ) {}

  // --- the React side: useSyncExternalStore ---
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Snapshot => this.snapshot;

  /** Coalesces changes: at most one frame every FRAME_MS. */
  schedule(): void {
    if (this.closed) return;
    // Called for every streamed delta: while the run goes on, a frame already set stays as it is.
    const busy = this.source.busy();
    if (this.timer && busy) return;
    // Once the run is over nothing competes with the screen: the final frame comes at once, even
    // if a frame was already set for later while the stream was fast.
    const gap = busy ? Math.min(MAX_FRAME_MS, Math.max(FRAME_MS, FRAME_SHARE * this.frameMs)) : FRAME_MS;
    const now = Date.now();
    const due = Math.max(now, this.lastFrame + gap);
    if (this.timer) {
      if (this.due <= due) return;
      clearTimeout(this.timer);
    }
    this.due = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.render();
    }, due - now);
  }

  /** Stops drawing while another program has the terminal; a frame at once when it is back. */
  pause(on: boolean): void {
    this.paused = on;
    if (!on) this.render();
  }

  /** A frame now (after a key press: typing must not wait). */
  render(): void {
    if (this.closed || this.paused) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const start = Date.now();
    this.lastFrame = start;
    const fresh = this.source.take();
    if (fresh.length > 0) this.items = this.items.concat(fresh);
    const live = this.compose(this.lastFrame);
    const prev = this.snapshot;
    if (fresh.length === 0 && live.length === prev.live.length && live.every((l, i) => l === prev.live[i])) return;
    this.snapshot = { items: this.items, live };
    for (const l of this.listeners) l();
    // React draws the frame in a microtask the notification queued: this one runs after it.
    queueMicrotask(() => (this.frameMs = Date.now() - start));
  }

  /** Redraws every TICK_MS while `on` (the spinner and the elapsed time move). */
  animate(on: boolean): void {
    if (on && !this.ticker) this.ticker = setInterval(() => this.schedule(), TICK_MS);
    if (!on && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }

  /** The last frame: the transcript stays, the live region goes. */
  close(): void {
    const fresh = this.source.take();
    this.snapshot = { items: fresh.length > 0 ? this.items.concat(fresh) : this.items, live: [] };
    for (const l of this.listeners) l();
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.animate(false);
    this.timer = null;
  }
}
