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
