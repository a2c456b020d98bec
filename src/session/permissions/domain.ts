// `fetch(domain:HOST)` rules: which hosts a rule names. `docs.python.org` is that host only;
// `*.python.org` is any host below python.org (not python.org itself). Pure.

/** A URL's host as rules compare it: lower case, IPv6 brackets removed; undefined when it is not an http(s) URL. */
export function urlHost(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return parsed.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  } catch {
    return undefined;
  }
}

/** The matcher of a `domain:HOST` pattern, or undefined when the pattern is not one. */
export function domainMatcher(pattern: string): ((host: string) => boolean) | undefined {
  const m = /^domain:\s*(\*\.)?([A-Za-z0-9.:_\-[\]]+)$/.exec(pattern);
  if (!m) return undefined;
  const host = m[2]!.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return m[1] ? (h) => h.endsWith(`.${host}`) : (h) => h === host;
}
