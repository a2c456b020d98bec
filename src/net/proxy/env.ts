// Which proxy a request uses, read from the environment as curl reads it: https_proxy/HTTPS_PROXY
// for https URLs, http_proxy/HTTP_PROXY for http ones, all_proxy/ALL_PROXY for either when those are
// not set (the lower-case name first), then no_proxy/NO_PROXY. http:// proxies, and socks5:// (names
// resolved here) or socks5h:// (names resolved by the proxy). Pure but for the environment: nothing
// is loaded or done when none is set.
import { bypassesProxy } from './no-proxy.js';

export interface HttpProxy {
  kind: 'http';
  host: string;
  port: number;
  /** the URL as the user may see it: never its user name or password */
  shown: string;
  variable: string;
  /** `Basic …` when the URL carries `user:pass@` */
  authorization?: string;
}

export interface SocksProxy {
  kind: 'socks';
  host: string;
  port: number;
  /** socks5h: the proxy resolves the target's name; socks5: tack does, and sends the address */
  remoteNames: boolean;
  shown: string;
  variable: string;
  /** from `user:pass@` (RFC 1929) */
  user?: { name: string; password: string };
}

/** A proxy tack cannot speak to (https://, socks4…): its requests fail, they never go direct. */
export interface UnsupportedProxy {
  kind: 'unsupported';
  shown: string;
  variable: string;
  reason: string;
}

export type ProxyChoice = HttpProxy | SocksProxy | UnsupportedProxy;

type Env = Record<string, string | undefined>;

/** curl's port for a proxy URL that names none */
const CURL_DEFAULT_PORT = 1080;

/** The proxy for this URL, or undefined when it goes direct. */
export function proxyFor(url: URL, env: Env = process.env): ProxyChoice | undefined {
  const scheme = url.protocol === 'https:' ? 'https' : url.protocol === 'http:' ? 'http' : undefined;
  if (!scheme) return undefined;
  const variable = setVariable(env, variablesFor(scheme));
  if (!variable) return undefined;
  const noProxy = env.no_proxy || env.NO_PROXY;
  if (noProxy && bypassesProxy(url.hostname, Number(url.port) || (scheme === 'https' ? 443 : 80), noProxy)) return undefined;
  return parseProxy(env[variable]!, variable);
}

/** One sentence per proxy variable in use that tack cannot speak to, for the start of a run. */
export function proxyNotes(env: Env = process.env): string[] {
  return ['https', 'http'].flatMap((scheme) => {
    const variable = setVariable(env, variablesFor(scheme));
    const proxy = variable ? parseProxy(env[variable]!, variable) : undefined;
    if (proxy?.kind !== 'unsupported') return [];
    return [`the proxy ${proxy.shown} in ${variable} cannot be used (${proxy.reason}): ${scheme} requests will fail rather than go around it`];
  });
}

/** The variables that name the proxy for a scheme, in the order they are read. */
function variablesFor(scheme: string): string[] {
  return [`${scheme}_proxy`, `${scheme.toUpperCase()}_PROXY`, 'all_proxy', 'ALL_PROXY'];
}

function setVariable(env: Env, names: string[]): string | undefined {
  return names.find((name) => env[name]?.trim());
}

function parseProxy(value: string, variable: string): ProxyChoice {
  const text = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    // everything up to the last @ goes: a password may hold any character
    const shown = withScheme.replace(/^([a-z][a-z0-9+.-]*:\/\/).*@/i, '$1');
    return { kind: 'unsupported', shown, variable, reason: 'it is not a URL (a / or @ in a password must be written %2F or %40)' };
  }
  // the URL parser drops a port that is the scheme's default, which is not curl's (1080)
  const explicit = /^[^/]*\/\/(?:[^@/]*@)?(?:\[[^\]]*\]|[^:/]*):(\d+)/.exec(withScheme)?.[1];
  const shown = `${url.protocol}//${url.host}${url.port === '' && explicit ? `:${explicit}` : ''}`;
  const socks = url.protocol === 'socks5:' || url.protocol === 'socks5h:';
  if ((url.protocol !== 'http:' && !socks) || !url.hostname) {
    return { kind: 'unsupported', shown, variable, reason: 'tack speaks to http://, socks5:// and socks5h:// proxies' };
  }
  const port = Number(explicit ?? CURL_DEFAULT_PORT);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const where = `${url.protocol}//${url.hostname}:${port}`;
  if (socks) {
    const named = user || password ? { user: { name: user, password } } : {};
    return { kind: 'socks', host, port, remoteNames: url.protocol === 'socks5h:', shown: where, variable, ...named };
  }
  const authorization = user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined;
  return { kind: 'http', host, port, shown: where, variable, ...(authorization ? { authorization } : {}) };
}
