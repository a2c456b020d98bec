// The Ink side: finished transcript items through <Static> (printed once), and the live region as
// pre-wrapped lines, one <Text> each, never wrapped again by Ink so its height is exactly known.
import { writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { Box, Static, Text, render, type Instance } from 'ink';
import { useSyncExternalStore } from 'react';
import type { Controller } from './controller.js';

function App({ controller }: { controller: Controller }) {
  const snap = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return (
    <>
      <Static items={snap.items}>{(item) => <Text key={item.id}>{item.text}</Text>}</Static>
      <Box flexDirection="column">
        {snap.live.map((line, i) => (
          <Text key={i} wrap="truncate-end">
            {line === '' ? ' ' : line}
          </Text>
        ))}
      </Box>
    </>
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
    maxFps: 30,
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
