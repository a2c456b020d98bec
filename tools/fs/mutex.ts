// Locks for the tools: one queue per file so two writes to it never interleave, and a semaphore
// bounding how many commands run at once.
/**
 * One queue per key (a resolved file path): work on one key runs one at a time, different keys in
 * parallel. Module-wide on purpose, so two `createTools` instances (or direct callers) writing the
 * same file still never interleave.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

export const fileLocks = new KeyedMutex();

/** At most `size` holders at once; the others wait in order. */
export class Semaphore {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  /** Resolves with the release once a place is free; a wait the signal aborts ends without one. */
  async acquire(signal?: AbortSignal): Promise<(() => void) | undefined> {
    if (this.free > 0) {
      this.free--;
      return this.releaser();
    }
    if (signal?.aborted) return undefined;
    const granted = await new Promise<boolean>((resolve) => {
      const grant = () => {
        signal?.removeEventListener('abort', abandon);
        resolve(true);
      };
      const abandon = () => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        resolve(false);
      };
      signal?.addEventListener('abort', abandon, { once: true });
      this.waiting.push(grant);
    });
    return granted ? this.releaser() : undefined;
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}
