// Provider-neutral helpers for turning low-level failures into something a person can act on.

/** The first system error code (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET, ...) in an error's cause chain. */
export function errorCode(err: unknown): string | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return code;
    queue.push((e as { cause?: unknown }).cause);
    // Node reports a failed dual-stack connect as an AggregateError of per-address errors.
    if (Array.isArray((e as { errors?: unknown }).errors)) queue.push(...(e as { errors: unknown[] }).errors);
  }
  return undefined;
}

/** Every message in an error's cause chain, joined, for pattern matching. */
export function errorText(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    parts.push((e instanceof Error ? e.message : String(e)).replace(/\.$/, ''));
  }
  // "Connection error: fetch failed: bad port" says no more than its last, specific part
  const specific = parts.filter((p, i) => i === parts.length - 1 || !GENERIC.test(p));
  return specific.join(': ');
}

/** Wrappers the SDK and fetch put around the error that says what happened. */
const GENERIC = /^(connection error|fetch failed|request failed|network error)$/i;

const CONTEXT_OVERFLOW =
  /context[ _-]?(length|window|size)|maximum context|too many tokens|prompt is too long|exceeds? the (available )?context|reduce the length of the messages|input is too long/i;

/** Whether a server's error text says the conversation no longer fits the model's context window. */
export function isContextOverflowMessage(text: string): boolean {
  return CONTEXT_OVERFLOW.test(text);
}

/** '0.3 s', '120 s' */
export function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(ms < 10_000 ? 1 : 0))} s`;
}
