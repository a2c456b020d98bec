// A failure of the proxy itself (unreachable, a 407, a refused CONNECT), said apart from the
// target's own failures so that the user is pointed at the proxy, never at the server behind it.

export class ProxyError extends Error {
  constructor(
    /** the proxy's URL without its user name or password */
    readonly proxy: string,
    /** the environment variable it came from */
    readonly variable: string,
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`the proxy ${proxy} (${variable}): ${reason}`, options);
  }

  /** "cannot reach the model at … through the proxy http://proxy:3128 (HTTPS_PROXY): connection refused" */
  sentence(what: string): string {
    return `cannot reach ${what} through the proxy ${this.proxy} (${this.variable}): ${this.reason}`;
  }
}

/** The ProxyError in an error's cause chain, if a proxy is what failed. */
export function proxyErrorIn(err: unknown): ProxyError | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ProxyError) return e;
  }
  return undefined;
}
