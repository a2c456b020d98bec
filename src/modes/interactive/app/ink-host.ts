// Ink is tack's frame printer: it draws the live region (lines the Controller has composed, wrapped
// and styled) below the transcript, and nothing else. Every place where tack works around Ink lives
// here, each with why; test/interactive/ink-host.test.ts holds a test for each.
//
// 1. Loading: React's production build, no CI detection, no fetch for yoga (`loadInkHost`).
// 2. The transcript goes through useStdout().write, not <Static> (`usePrintOnce`).
// 3. Ink never gets a frame as tall as the terminal (`fitted`).
// 4. Ink's full clear gets everything printed above put back (`InkTerminal`).
// 5. Rows a narrower terminal re-wrapped the frame into are erased before Ink erases it by its line
//    count (`InkTerminal`), and a resize renders the new frame before Ink's own handler (`onResize`).
// 6. The last frame is drawn before unmounting (`stop`).
// 7. Ink is not given the keyboard: no useInput, and it never reads stdin (tack's KeyParser does,
//    for bracketed paste and Alt+Enter). Ink 6.8 touches stdin only for useInput or the kitty
//    keyboard option, neither used, so it gets no stand-in stream and no Ctrl+C option.
// 8. Frames are paced by the Screen, not by Ink (`maxFps`). Incremental rendering stays off (Ink's
//    default): in 6.8 it misplaces lines when the frame changes height.
import { writeFileSync } from 'node:fs';
import type { Snapshot } from './screen.js';
import { width } from '../text/text.js';

type Ink = typeof import('ink');
type ReactModule = typeof import('react');

/** Where the frames come from (the Controller, through its Screen). */
export interface FrameFeed {
  subscribe(listener: () => void): () => void;
  getSnapshot(): Snapshot;
}

export interface InkHostOptions {
  feed: FrameFeed;
  stdout: NodeJS.WriteStream;
  /** what tack printed above before Ink (the startup header): put back with the transcript */
  printedBefore?: string;
  /** the terminal's new size; the feed has the frame for it when this returns */
  onResize(cols: number, rows: number): void;
}

export interface InkHost {
  /** The last frame (the transcript stays, the live region goes), then Ink lets go of the terminal. */
  stop(): Promise<void>;
}

export type StartInkHost = (o: InkHostOptions) => InkHost;

/**
 * Workaround 1. Loads Ink and React with the production builds (much faster to load and run) and
 * without Ink's CI detection (under CI=true Ink prints no live region), leaving the environment as
 * it was for the commands the agent runs. Ink's layout engine (yoga, WebAssembly) fetches its own
 * base64 data: URL when fetch exists, through undici, before the first frame (~50 ms of CPU); without
 * fetch it decodes the string itself. Nothing else may run meanwhile: the environment is not the
 * user's until this returns.
 */
export async function loadInkHost(): Promise<StartInkHost> {
  const saved = { NODE_ENV: process.env.NODE_ENV, CI: process.env.CI, CONTINUOUS_INTEGRATION: process.env.CONTINUOUS_INTEGRATION };
  process.env.NODE_ENV ??= 'production';
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
  const fetchProperty = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  if (fetchProperty?.configurable) Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true, writable: true });
  try {
    const [ink, react] = await Promise.all([import('ink'), import('react')]);
    return (o) => startInkHost(ink, react, o);
  } finally {
    if (fetchProperty?.configurable) Object.defineProperty(globalThis, 'fetch', fetchProperty);
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/**
 * Workaround 3. At most `rows - 1` rows, one per line. Ink clears the whole screen and the scrollback
 * when its last frame was as tall as the terminal; the frame builder keeps to the size it was last
 * told, and this holds it to the terminal's size now, with no line that Ink would break in two.
 */
export function fitted(live: string[], rows: number): string[] {
  const lines = live.some((l) => l.includes('\n')) ? live.flatMap((l) => l.split('\n')) : live;
  const max = Math.max(1, rows - 1);
  return lines.length > max ? lines.slice(-max) : lines;
}

/** The live region on the screen: the lines of the frame Ink wrote last, and the width it laid them out for. */
interface ShownFrame {
  lines: string[];
  cols: number;
}

/**
 * Rows a frame laid out for `cols` takes beyond its line count on a terminal `termCols` wide (Ink cut
 * each line to `cols`; a narrower terminal re-wraps them). Ink's erase counts lines, not rows.
 */
export function reflowedRows(lines: string[], cols: number, termCols: number): number {
  if (termCols >= cols) return 0;
  return lines.reduce((extra, line) => extra + Math.max(0, Math.ceil(Math.min(width(line), cols) / termCols) - 1), 0);
}

// ansi-escapes' clearTerminal, as Ink writes it (ESC[2J ESC[3J ESC[H).
const CLEAR_TERMINAL = '\x1b[2J\x1b[3J\x1b[H';
// ansi-escapes' eraseLines(n), which Ink writes alone to erase its frame before printing above it.
const ERASE_ONLY = /^(?:\x1b\[2K\x1b\[1A)*\x1b\[2K\x1b\[G$/;

/**
 * The terminal as Ink sees it: the same stream (methods run on the real one, where its state lives),
 * with two changes to what Ink writes.
 *
 * Workaround 4. A write holding Ink's full clear (when the terminal got shorter than the frame on it)
 * gets everything printed above put back right after the clear, where Ink would put <Static>'s output.
 *
 * Workaround 5. Ink erases its last frame by moving up one row per line. Once the terminal is narrower
 * than the width that frame was laid out for, the terminal has re-wrapped its lines into more rows,
 * and those are erased first. The width is asked of the terminal itself at each write: a frame Ink
 * draws after the terminal narrowed but before its resize signal was handled (a slow moment) is
 * erased right as well.
 */
class InkTerminal {
  /** everything printed above the live region so far, in order */
  readonly printed: string[] = [];
  /** the frame on the screen; null while Ink has it erased (to print above it) */
  private shown: ShownFrame | null = null;
  /** the width for which the rows the shown frame re-wrapped into are erased already */
  private trimmedFor: number | null = null;
  private erased: ShownFrame | null = null;
  /** the frame Ink is drawing: shown once its lines are written */
  private drawing: ShownFrame | null = null;

  constructor(private readonly stdout: NodeJS.WriteStream) {}

  /** Ink is about to write this frame. */
  drawn(frame: ShownFrame): void {
    this.drawing = frame;
  }

  /**
   * The terminal's width now, asked of the device: Node's `columns` (and `getWindowSize()`, which
   * returns it) change only once SIGWINCH is handled. The handle's call is Node's own (`_refreshSize`).
   */
  private columns(): number {
    const handle = (this.stdout as { _handle?: { getWindowSize?(size: number[]): number } })._handle;
    const size = [0, 0];
    if (handle?.getWindowSize?.(size) === 0 && size[0]! > 0) return size[0]!;
    return this.stdout.columns || 80;
  }

  write = (chunk: unknown, ...rest: unknown[]): boolean => {
    let data = chunk;
    if (typeof chunk === 'string') {
      let text = chunk;
      const at = text.indexOf(CLEAR_TERMINAL);
      if (at >= 0) text = text.slice(0, at + CLEAR_TERMINAL.length) + this.printed.join('') + text.slice(at + CLEAR_TERMINAL.length);
      if (this.shown) {
        const { lines, cols } = this.shown;
        const now = this.columns();
        const extra = reflowedRows(lines, cols, now) - reflowedRows(lines, cols, this.trimmedFor ?? cols);
        if (extra > 0) {
          text = `\x1b[${extra}A\x1b[J${text}`;
          this.trimmedFor = now;
        }
      }
      this.track(chunk);
      data = text;
    }
    return (this.stdout.write as (...args: unknown[]) => boolean)(data, ...rest);
  };

  /**
   * Follows what Ink's writes leave on the screen: a frame it rendered, or (to print above the frame)
   * the frame erased, the text, and the same frame again.
   */
  private track(chunk: string): void {
    if (ERASE_ONLY.test(chunk)) {
      this.erased = this.shown ?? this.erased;
      this.shown = null;
    } else if (chunk.includes('\n') && chunk !== this.printed.at(-1)) {
      const frame = this.drawing ?? (this.shown ? null : this.erased);
      if (!frame) return;
      this.shown = frame;
      this.drawing = null;
    } else return;
    this.trimmedFor = null;
  }

  /** The stream to give Ink. */
  forInk(): NodeJS.WriteStream {
    const bound = new Map<PropertyKey, unknown>();
    return new Proxy(this.stdout, {
      get: (target, key) => {
        if (key === 'write') return this.write;
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        let fn = bound.get(key);
        if (fn === undefined || (fn as { original?: unknown }).original !== value) {
          fn = Object.assign((value as (...args: unknown[]) => unknown).bind(target), { original: value });
          bound.set(key, fn);
        }
        return fn;
      },
    });
  }
}

function startInkHost(ink: Ink, React: ReactModule, o: InkHostOptions): InkHost {
  const { stdout, feed } = o;
  const h = React.createElement;
  const terminal = new InkTerminal(stdout);
  const { printed } = terminal;
  if (o.printedBefore) printed.push(o.printedBefore);
  /** the lines of the frame React rendered last */
  let rendered: string[] = [];

  /**
   * Workaround 2. Prints the items not printed yet, once, above the live region, through Ink's
   * useStdout().write (the string-only form of <Static>: Ink erases the frame, writes the text and
   * redraws). <Static> lays out, tokenizes and re-assembles every character cell by cell (about 7 µs
   * a character: two seconds of CPU for a 300,000-character answer) and would wrap it again; the
   * text here is already wrapped and styled. A layout effect: it runs in the commit that shows the
   * items, right after Ink drew the frame.
   */
  function usePrintOnce(items: Snapshot['items']): void {
    const { write } = ink.useStdout();
    const count = React.useRef(0);
    React.useLayoutEffect(() => {
      if (items.length <= count.current) return;
      const fresh = items.slice(count.current);
      count.current = items.length;
      const text = `${fresh.map((item) => item.text).join('\n')}\n`;
      printed.push(text);
      write(text);
    }, [items, write]);
  }

  /** One line of the live region, never wrapped by Ink; a line that did not change is not rendered again. */
  const Line = React.memo(function Line({ text }: { text: string }) {
    return h(ink.Text, { wrap: 'truncate-end' }, text === '' ? ' ' : text);
  });

  function App() {
    const snap = React.useSyncExternalStore(feed.subscribe, feed.getSnapshot);
    usePrintOnce(snap.items);
    const live = fitted(snap.live, stdout.rows || 24);
    rendered = live;
    return h(
      ink.Box,
      { flexDirection: 'column' },
      live.map((line, i) => h(Line, { key: i, text: line })),
    );
  }

  const app = h(App);
  const debug = process.env.TACK_DEBUG_RENDER ? debugRender(process.env.TACK_DEBUG_RENDER) : undefined;
  const instance = ink.render(app, {
    stdout: terminal.forInk(),
    // Workaround 8: the Screen paces frames (FRAME_MS, further apart when they are slow); Ink's own
    // throttle only has to let them through, so that a frame is drawn in the tick that made it.
    maxFps: 60,
    // Ink calls this as it draws a tree (what React rendered last), laid out for the width it knows.
    onRender: (stats) => {
      terminal.drawn({ lines: rendered, cols: stdout.columns || 80 });
      debug?.(stats.renderTime);
    },
  });

  /**
   * Workaround 5, continued. Before Ink's own resize handler (which redraws the tree it has, and
   * clears the screen when the terminal got shorter than the frame on it), the frame for the new
   * size is rendered, so that what Ink redraws, or puts after its clear, fits the terminal.
   */
  const onResize = () => {
    o.onResize(stdout.columns || 80, stdout.rows || 24);
    instance.rerender(app);
  };
  stdout.prependListener('resize', onResize);

  return {
    // Workaround 6. The feed's last frame (what is left of the transcript printed, the live region
    // gone) is drawn now: React would only get to it in a microtask, after Ink has unmounted.
    async stop() {
      stdout.off('resize', onResize);
      instance.rerender(app);
      instance.unmount();
      await instance.waitUntilExit().catch(() => undefined);
    },
  };
}

/** TACK_DEBUG_RENDER=file: frame count and render time, written when tack exits. */
function debugRender(file: string): (ms: number) => void {
  let frames = 0;
  let total = 0;
  process.once('exit', () => writeFileSync(file, `frames ${frames} renderMs ${total.toFixed(0)}\n`));
  return (ms) => {
    frames++;
    total += ms;
  };
}
