// In ACP mode stdout is the protocol's: one stray line (a library's console.log, a warning) would
// break the client's parser. The protocol gets its own writer; every other write goes to the log.
import { Writable } from 'node:stream';

export interface StdoutClaim {
  /** the only way to the real stdout */
  protocol: Writable;
  /** puts process.stdout.write back */
  release(): void;
}

export function claimStdout(log: (text: string) => void): StdoutClaim {
  const original = process.stdout.write;
  const write = original.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    // the exit path flushes with an empty write
    if (text !== '') log(`(stdout) ${text}`.trimEnd());
    const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    done?.();
    return true;
  }) as typeof process.stdout.write;
  return {
    protocol: new Writable({ write: (chunk, _encoding, done) => void write(chunk, done) }),
    release: () => {
      process.stdout.write = original;
    },
  };
}
