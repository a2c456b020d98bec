// Ink as tack's frame printer (src/modes/interactive/app/ink-host.ts): one test for each workaround
// there, each failing without it. Ink draws into a stand-in terminal that records what it gets.
import { spawnSync } from 'node:child_process';
import { Console } from 'node:console';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fitted, loadInkHost, reflowedRows, type InkHost, type StartInkHost } from '../../src/modes/interactive/app/ink-host.js';
import type { Snapshot } from '../../src/modes/interactive/app/screen.js';

const CLEAR = '\x1b[2J';

class FakeTerminal extends EventEmitter {
  isTTY = true;
  out = '';
  /** the width the terminal has, which Node learns (columns) only when it handles the resize signal */
  actualColumns?: number;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write(data: string | Uint8Array, cb?: unknown): boolean {
    this.out += String(data);
    if (typeof cb === 'function') cb();
    return true;
  }
  /** as tty.WriteStream's handle: the device's size */
  _handle = {
    getWindowSize: (size: number[]) => {
      size[0] = this.actualColumns ?? this.columns;
      size[1] = this.rows;
      return 0;
    },
  };
  resize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.emit('resize');
  }
}

class Feed {
  private snap: Snapshot = { items: [], live: [] };
  private readonly listeners = new Set<() => void>();
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  getSnapshot = () => this.snap;
  set(live: string[], ...texts: string[]): void {
    this.snap = { items: [...this.snap.items, ...texts.map((text) => ({ text }) as Snapshot['items'][number])], live };
    for (const l of this.listeners) l();
  }
}

const lines = (n: number, prefix = 'L') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const microtasks = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

let start: StartInkHost;
const running: InkHost[] = [];
beforeAll(async () => {
  // Ink routes console output above its frame (patch-console builds a Console); vitest's has none
  (console as { Console?: unknown }).Console ??= Console;
  start = await loadInkHost();
});
afterEach(async () => {
  for (const host of running.splice(0)) await host.stop();
  vi.useRealTimers();
});

function mount(term: FakeTerminal, feed: Feed, o: { printedBefore?: string; onResize?: (cols: number, rows: number) => void } = {}): InkHost {
  const host = start({ feed, stdout: term as unknown as NodeJS.WriteStream, printedBefore: o.printedBefore, onResize: o.onResize ?? (() => {}) });
  running.push(host);
  return host;
}

describe('Ink as the frame printer', () => {
  it('prints the transcript as tack wrapped it, not laid out again by Ink (<Static> would wrap it)', async () => {
    const term = new FakeTerminal(40, 20);
    const feed = new Feed();
    mount(term, feed);
    const wide = `${'x'.repeat(60)} end`;
    feed.set(['input'], wide);
    await microtasks();
    expect(term.out).toContain(wide);
  });

  it('never hands Ink a frame as tall as the terminal, so Ink never clears it', async () => {
    expect(fitted(['a', 'b\nc', 'd'], 10)).toEqual(['a', 'b', 'c', 'd']);
    expect(fitted(lines(30), 10)).toEqual(lines(30).slice(-9));
    const term = new FakeTerminal(80, 10);
    const feed = new Feed();
    feed.set(lines(30));
    mount(term, feed);
    feed.set(lines(30, 'M'), 'an item');
    await microtasks();
    feed.set(['one line', 'with a break\ninside', ...lines(12, 'N')]);
    await new Promise((r) => setTimeout(r, 40));
    expect(term.out).not.toContain(CLEAR);
    expect(term.out).toContain('N11');
  });

  it('when the terminal gets shorter than the frame on it, puts back the header and the transcript after the clear, under a frame that fits', async () => {
    const term = new FakeTerminal(80, 40);
    const feed = new Feed();
    feed.set(lines(30));
    mount(term, feed, { printedBefore: 'HEADER\n', onResize: (_cols, rows) => feed.set(lines(rows + 5, 'S')) });
    feed.set(lines(30), 'FIRST ITEM');
    await microtasks();
    term.resize(80, 10);
    await new Promise((r) => setTimeout(r, 40));
    const after = term.out.slice(term.out.indexOf(CLEAR));
    expect(after.split(CLEAR)).toHaveLength(2);
    expect(after).toMatch(/^\x1b\[2J\x1b\[3J\x1b\[HHEADER\nFIRST ITEM\n/);
    // the frame after the clear is the one for ten rows: nine lines, the last nine
    expect(after).toContain('S14');
    expect(after).not.toContain('S5\n');
    expect(after).not.toContain('L29');
  });

  it('on a narrower terminal erases the rows the frame Ink drew re-wraps into, even while a newer frame waits in its throttle', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const term = new FakeTerminal(100, 40);
    const feed = new Feed();
    const wide = lines(3).map((l) => `${l} ${'w'.repeat(80)}`);
    feed.set(wide);
    mount(term, feed);
    // drawn at once while mounting; the next frame comes within Ink's throttle and waits
    feed.set(['short']);
    await microtasks();
    expect(term.out).not.toContain('short');
    expect(reflowedRows(wide, 100, 50)).toBe(3);
    term.resize(50, 40);
    expect(term.out).toContain('\x1b[3A\x1b[J');
  });

  it('erases those rows too when Ink draws before the resize signal was handled', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const term = new FakeTerminal(100, 40);
    const feed = new Feed();
    feed.set(lines(3).map((l) => `${l} ${'w'.repeat(80)}`));
    mount(term, feed);
    vi.advanceTimersByTime(100);
    // the terminal is narrower now; the signal saying so has not been handled yet
    term.actualColumns = 50;
    const before = term.out.length;
    feed.set(['the next frame']);
    await microtasks();
    const next = term.out.slice(before);
    expect(next).toContain('the next frame');
    expect(next.indexOf('\x1b[3A\x1b[J')).toBeGreaterThanOrEqual(0);
    expect(next.indexOf('\x1b[3A\x1b[J')).toBeLessThan(next.indexOf('the next frame'));
  });

  it('erases them again for the frame drawn back after printing above it, and never over what was printed', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const term = new FakeTerminal(100, 40);
    const feed = new Feed();
    const wide = lines(3).map((l) => `${l} ${'w'.repeat(80)}`);
    feed.set(wide);
    mount(term, feed);
    vi.advanceTimersByTime(100);
    term.actualColumns = 50;
    const before = term.out.length;
    feed.set(wide, 'PRINTED ABOVE');
    await microtasks();
    vi.advanceTimersByTime(100);
    feed.set(['the next frame']);
    await microtasks();
    const written = term.out.slice(before);
    // erased before the text goes above, and again before the next frame: the frame drawn back in between re-wrapped too
    expect(written.split('\x1b[3A\x1b[J')).toHaveLength(3);
    expect(written.indexOf('\x1b[3A\x1b[J')).toBeLessThan(written.indexOf('PRINTED ABOVE'));
    expect(written.lastIndexOf('\x1b[3A\x1b[J')).toBeGreaterThan(written.indexOf('PRINTED ABOVE'));
    expect(written.lastIndexOf('\x1b[3A\x1b[J')).toBeLessThan(written.indexOf('the next frame'));
  });

  it('draws the last frame before letting go: the transcript printed, the live region gone', async () => {
    const term = new FakeTerminal(80, 20);
    const feed = new Feed();
    feed.set(['LIVE LINE']);
    const host = start({ feed, stdout: term as unknown as NodeJS.WriteStream, onResize: () => {} });
    feed.set([], 'THE LAST ITEM');
    await host.stop();
    expect(term.out).toContain('THE LAST ITEM');
    // the frame goes last: erased after it was last drawn
    expect(term.out.lastIndexOf('\x1b[2K')).toBeGreaterThan(term.out.lastIndexOf('LIVE LINE'));
  });

  it('leaves the keyboard alone: Ink never reads stdin (tack reads it)', async () => {
    const stdin = process.stdin;
    const before = ['data', 'readable', 'keypress'].map((e) => stdin.listenerCount(e));
    const term = new FakeTerminal(80, 20);
    const feed = new Feed();
    mount(term, feed);
    feed.set(['a frame'], 'an item');
    await microtasks();
    expect(['data', 'readable', 'keypress'].map((e) => stdin.listenerCount(e))).toEqual(before);
  });

  it('loads React production builds with Ink out of CI mode and yoga without fetch, and gives the environment back', () => {
    const root = join(import.meta.dirname, '..', '..');
    const host = join(root, 'dist', 'src', 'modes', 'interactive', 'app', 'ink-host.js');
    if (!existsSync(host)) throw new Error('run npm run build first');
    const script = `
      import { createRequire } from 'node:module';
      const require = createRequire(${JSON.stringify(host)});
      const calls = [];
      const recorder = async (url) => { calls.push(String(url).slice(0, 5)); throw new Error('no'); };
      Object.defineProperty(globalThis, 'fetch', { value: recorder, configurable: true, writable: true });
      const { loadInkHost } = await import(${JSON.stringify(host)});
      await loadInkHost();
      const loaded = Object.entries(require.cache).filter(([k, m]) => m.loaded && /react[\\\\/]cjs[\\\\/]react\\./.test(k)).map(([k]) => k.split(/[\\\\/]/).at(-1));
      console.log(JSON.stringify({ CI: process.env.CI, NODE_ENV: process.env.NODE_ENV ?? null, calls, restored: globalThis.fetch === recorder, isInCi: (await import('is-in-ci')).default, loaded }));
    `;
    const env = { ...process.env, CI: 'true' };
    delete env.NODE_ENV;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, env, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ CI: 'true', NODE_ENV: null, calls: [], restored: true, isInCi: false, loaded: ['react.production.js'] });
  });
});
