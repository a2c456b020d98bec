// A private X display (Xvfb) with a clipboard, for the tests of pasting an image: xclip puts the
// image there as a user's copy would, and tack reads it back through xclip.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

export interface Display {
  /** `:N`, for DISPLAY */
  name: string;
  /** Puts a file on the clipboard as `type` (xclip keeps serving it until the display goes). */
  copy(file: string, type: string): void;
  stop(): void;
}

const installed = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;

/** Why no display can be had here (CI installs both: .ci/run), or undefined. */
export function noDisplayReason(): string | undefined {
  const missing = ['Xvfb', 'xclip'].filter((p) => !installed(p));
  return missing.length > 0 ? `${missing.join(' and ')} not installed (apt-get install xvfb xclip)` : undefined;
}

/** Starts Xvfb on a free display number (it picks one itself: -displayfd). */
export async function startDisplay(): Promise<Display> {
  const server: ChildProcess = spawn('Xvfb', ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '320x200x24'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const number = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`Xvfb did not start in 10 s: ${log}`)), 10_000);
    (server.stdio[3] as NodeJS.ReadableStream).on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(out.trim());
      }
    });
    server.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}): ${log}`));
    });
  });
  const name = `:${number}`;
  return {
    name,
    copy(file, type) {
      const r = spawnSync('xclip', ['-selection', 'clipboard', '-t', type, '-i', file], { env: { ...process.env, DISPLAY: name }, stdio: 'ignore' });
      if (r.status !== 0) throw new Error(`xclip could not copy ${file} (exit ${r.status})`);
    },
    stop() {
      // xclip's background copy ends with its display
      server.kill('SIGTERM');
    },
  };
}
