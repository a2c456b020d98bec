// The Ink side: finished transcript items printed once above the live region, and the live region
// as pre-wrapped lines, one <Text> each, never wrapped again by Ink so its height is exactly known.
//
// Finished items go through Ink's useStdout().write, the string-only form of <Static>: Ink erases
// the live frame, writes the text once and redraws the frame. <Static> would also print them once,
// but Ink lays out, tokenizes and re-assembles every character of static output cell by cell
// (about 7 µs a character: two seconds of CPU for a 300,000-character answer); the text here is
// already wrapped and styled, so it is written as it is.
import { writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { Box, Text, render, useStdout, type Instance } from 'ink';
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { StaticItem } from '../transcript.js';
import type { Controller } from './controller.js';

/** Prints the items not printed yet, once, above the live region. */
function usePrintOnce(items: readonly StaticItem[]): void {
  const { write } = useStdout();
  const printed = useRef(0);
  // A layout effect: it runs in the commit that shows the items, right after Ink drew the frame.
  useLayoutEffect(() => {
    if (items.length <= printed.current) return;
    const fresh = items.slice(printed.current);
    printed.current = items.length;
    write(`${fresh.map((item) => item.text).join('\n')}\n`);
  }, [items, write]);
}

function App({ controller }: { controller: Controller }) {
  const snap = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  usePrintOnce(snap.items);
  return (
    <Box flexDirection="column">
      {snap.live.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </Box>
  );
}

export function mountApp(controller: Controller, stdout: NodeJS.WriteStream): Instance {
  // Ink gets a stand-in stdin: the keyboard is read by our own parser (bracketed paste, Alt+Enter).
  const stdin = new PassThrough() as unknown as NodeJS.ReadStream;
  return render(<App controller={controller} />, {
    stdout,
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
