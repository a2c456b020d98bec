// The Ink side: finished transcript items printed once above the live region, and the live region
// as pre-wrapped lines, one <Text> each, never wrapped again by Ink so its height is exactly known.
//
// Finished items go through Ink's useStdout().write, the string-only form of <Static>: Ink erases
// the live frame, writes the text once and redraws the frame. <Static> would also print them once,
// but Ink lays out, tokenizes and re-assembles every character of static output cell by cell
// (about 7 µs a character: two seconds of CPU for a 300,000-character answer); the text here is
// already wrapped and styled, so it is written as it is.
//
// One thing <Static> did on top: when the last frame is as tall as the terminal (tack's frames
// never are, but the frame drawn before the terminal got shorter can be), Ink clears the screen and
// the scrollback and reprints what went through <Static>. `inkStdout` puts the transcript back there.
import { writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { Box, Text, render, useStdout, type Instance } from 'ink';
import { memo, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { StaticItem } from '../conversation/transcript.js';
import type { Controller } from './controller.js';

/** Everything printed above the live region so far, in order. */
type Printed = string[];

/** Prints the items not printed yet, once, above the live region. */
function usePrintOnce(items: readonly StaticItem[], printed: Printed): void {
  const { write } = useStdout();
  const count = useRef(0);
  // A layout effect: it runs in the commit that shows the items, right after Ink drew the frame.
  useLayoutEffect(() => {
    if (items.length <= count.current) return;
    const fresh = items.slice(count.current);
    count.current = items.length;
    const text = `${fresh.map((item) => item.text).join('\n')}\n`;
    printed.push(text);
    write(text);
  }, [items, write, printed]);
}

/** One line of the live region; a line that did not change is not rendered again. */
const Line = memo(function Line({ text }: { text: string }) {
  return <Text wrap="truncate-end">{text === '' ? ' ' : text}</Text>;
});

function App({ controller, printed }: { controller: Controller; printed: Printed }) {
  const snap = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  usePrintOnce(snap.items, printed);
  return (
    <Box flexDirection="column">
      {snap.live.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the live region's lines are positions on the screen, not items
        <Line key={i} text={line} />
      ))}
    </Box>
  );
}

// ansi-escapes' clearTerminal, as Ink writes it (ESC[2J ESC[3J ESC[H).
const CLEAR_TERMINAL = '\x1b[2J\x1b[3J\x1b[H';

/**
 * The terminal as Ink sees it: the same stream, except that a write starting with a full clear gets
 * the transcript right after the clear, where Ink would put <Static>'s output.
 */
function inkStdout(stdout: NodeJS.WriteStream, printed: Printed): NodeJS.WriteStream {
  const bound = new Map<PropertyKey, unknown>();
  const write = (chunk: unknown, ...rest: unknown[]) => {
    const data = typeof chunk === 'string' && chunk.startsWith(CLEAR_TERMINAL) ? CLEAR_TERMINAL + printed.join('') + chunk.slice(CLEAR_TERMINAL.length) : chunk;
    return (stdout.write as (...args: unknown[]) => boolean)(data, ...rest);
  };
  return new Proxy(stdout, {
    get(target, key) {
      if (key === 'write') return write;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      // Methods run on the real stream (its internal state lives there).
      let fn = bound.get(key);
      if (fn === undefined || (fn as { original?: unknown }).original !== value) {
        fn = Object.assign((value as (...args: unknown[]) => unknown).bind(target), { original: value });
        bound.set(key, fn);
      }
      return fn;
    },
  });
}

export function mountApp(controller: Controller, stdout: NodeJS.WriteStream): Instance {
  // Ink gets a stand-in stdin: the keyboard is read by our own parser (bracketed paste, Alt+Enter).
  const stdin = new PassThrough() as unknown as NodeJS.ReadStream;
  const printed: Printed = [];
  const app = <App controller={controller} printed={printed} />;
  const instance = render(app, {
    stdout: inkStdout(stdout, printed),
    stdin,
    exitOnCtrlC: false,
    patchConsole: true,
    // Not incrementalRendering: in Ink 6.8 it misplaces lines when the frame changes height.
    incrementalRendering: false,
    // The Screen paces frames (FRAME_MS, and further apart when they are slow); Ink's own throttle
    // only has to let them through at once, so that a frame is drawn in the tick that made it.
    maxFps: 60,
    ...(process.env.TACK_DEBUG_RENDER ? { onRender: debugRender() } : {}),
  });
  return {
    ...instance,
    // The controller's last frame (what is left of the transcript printed, the live region gone)
    // is drawn now: React would only get to it in a microtask, after Ink has unmounted.
    unmount: () => {
      instance.rerender(app);
      instance.unmount();
    },
  };
}

/** TACK_DEBUG_RENDER=file: frame count and render time, written when tack exits. */
function debugRender() {
  let frames = 0;
  let ms = 0;
  process.once('exit', () => {
    writeFileSync(process.env.TACK_DEBUG_RENDER!, `frames ${frames} renderMs ${ms.toFixed(0)}\n`);
  });
  return ({ renderTime }: { renderTime: number }) => {
    frames++;
    ms += renderTime;
  };
}
