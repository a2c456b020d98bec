// The Screen's pacing: frames spaced out while a fast stream keeps the app busy, but the frame that
// shows the end of a run comes at once, not when a frame set during the stream falls due.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Screen } from '../../src/modes/interactive/app/screen.js';

describe('Screen', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  /** A screen whose frames each take `frameMs` (the clock moves while one is composed). */
  function slowScreen(frameMs: number) {
    let busy = true;
    let text = 'a';
    const frames: string[][] = [];
    const screen = new Screen({ take: () => [], busy: () => busy }, () => {
      vi.setSystemTime(Date.now() + frameMs);
      return [text];
    });
    screen.subscribe(() => frames.push(screen.getSnapshot().live));
    return {
      screen,
      frames,
      set: (t: string) => (text = t),
      end: () => (busy = false),
    };
  }

  it('spaces frames out while slow frames and a busy run compete', async () => {
    const s = slowScreen(60);
    s.screen.render();
    await Promise.resolve(); // the frame's duration is taken after React drew it
    s.set('b');
    s.screen.schedule();
    await vi.advanceTimersByTimeAsync(100);
    expect(s.frames.at(-1)).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(150);
    expect(s.frames.at(-1)).toEqual(['b']);
  });

  it('draws the end of a run at once, not when the frame set during the stream falls due', async () => {
    const s = slowScreen(60);
    s.screen.render();
    await Promise.resolve();
    s.set('b');
    s.screen.schedule(); // due ~180 ms after the last frame: three times its duration
    await vi.advanceTimersByTimeAsync(5);
    s.set('done');
    s.end();
    s.screen.schedule();
    await vi.advanceTimersByTimeAsync(40);
    expect(s.frames.at(-1)).toEqual(['done']);
  });

  it('a frame drawn at once (a key) takes the place of the scheduled one', async () => {
    const s = slowScreen(0);
    s.screen.schedule();
    s.screen.render();
    const drawn = s.frames.length;
    s.set('b');
    await vi.advanceTimersByTimeAsync(100);
    expect(s.frames).toHaveLength(drawn);
  });
});
