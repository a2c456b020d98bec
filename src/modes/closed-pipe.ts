// A reader that stops reading (`tack -p … | head -1`) is a normal end, as for any Unix filter: the
// first EPIPE on stdout stops the run quietly (the session is saved as it went) and tack exits 0.
// Node reports the closed pipe as an 'error' event on process.stdout, which unhandled is a crash.

let closed = false;
const listeners = new Set<() => void>();

/** Installs the handler once, before anything is written. Any other stdout error still throws. */
export function watchStdout(stdout: NodeJS.WriteStream = process.stdout): void {
  stdout.on('error', (err: NodeJS.ErrnoException) => {
    // after the first EPIPE, writes to the destroyed stream report themselves too: all one end
    if (closed) return;
    if (err.code !== 'EPIPE') throw err;
    closed = true;
    for (const fn of listeners) fn();
  });
}

/** Whether stdout's reader has gone: nothing more is written, and the run ends with status 0. */
export const stdoutClosed = (): boolean => closed;

/** Calls `fn` when stdout's reader goes; returns the undo. */
export function onStdoutClosed(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
