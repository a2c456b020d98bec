// Calling listeners in order, awaiting only the ones that return a promise. An event most
// listeners take synchronously (each of a stream's deltas) then costs no promise at all, while one
// that a listener works on asynchronously still holds the next listener back until it is done.

type Listener<A, B> = (a: A, b: B) => unknown;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/**
 * Calls each listener with (a, b) in order. Returns undefined when every one returned at once, or a
 * promise of the rest from the first that returned a promise. A listener that throws throws here.
 */
export function callInOrder<A, B>(listeners: readonly Listener<A, B>[], a: A, b: B): Promise<void> | undefined {
  for (let i = 0; i < listeners.length; i++) {
    const result = listeners[i]!(a, b);
    if (isThenable(result)) return rest(listeners, i + 1, result, a, b);
  }
  return undefined;
}

async function rest<A, B>(listeners: readonly Listener<A, B>[], from: number, first: PromiseLike<unknown>, a: A, b: B): Promise<void> {
  await first;
  for (let i = from; i < listeners.length; i++) await listeners[i]!(a, b);
}
