// NO_PROXY read the way curl reads it: a comma list of host names (each also covering its
// subdomains), `.suffix` or `*.suffix`, `*` for every host, `host:port`, IP addresses and CIDR
// ranges. Nothing is exempt unless listed: localhost included, as in curl.
import { BlockList, isIP } from 'node:net';

/** Whether a request to `host` (a URL's hostname) on `port` goes direct under this NO_PROXY value. */
export function bypassesProxy(host: string, port: number, noProxy: string): boolean {
  const name = bare(host);
  return noProxy
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((entry) => matches(entry.toLowerCase(), name, port));
}

function matches(entry: string, host: string, port: number): boolean {
  if (entry === '*') return true;
  const { pattern, entryPort } = splitPort(entry);
  if (entryPort !== undefined && entryPort !== port) return false;
  const ipEntry = bare(pattern);
  if (isIP(host)) {
    const slash = ipEntry.indexOf('/');
    if (slash < 0) return isIP(ipEntry) !== 0 && sameAddress(ipEntry, host);
    return inRange(host, ipEntry.slice(0, slash), Number(ipEntry.slice(slash + 1)));
  }
  const suffix = pattern.replace(/^\*?\./, '').replace(/\.$/, '');
  return suffix !== '' && (host === suffix || host.endsWith(`.${suffix}`));
}

/** `host:port`, `[v6]:port`, or a pattern without a port (a bare IPv6 address has colons of its own). */
function splitPort(entry: string): { pattern: string; entryPort?: number } {
  const m = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(entry);
  return m ? { pattern: m[1]!, entryPort: Number(m[2]) } : { pattern: entry };
}

/** Lower case, without IPv6 brackets or a trailing dot. */
function bare(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

function sameAddress(a: string, b: string): boolean {
  const family = isIP(a);
  if (family !== isIP(b)) return false;
  const list = new BlockList();
  list.addAddress(a, family === 4 ? 'ipv4' : 'ipv6');
  return list.check(b, family === 4 ? 'ipv4' : 'ipv6');
}

function inRange(address: string, network: string, bits: number): boolean {
  const family = isIP(network);
  if (family === 0 || family !== isIP(address) || !Number.isInteger(bits)) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  try {
    list.addSubnet(network, bits, type);
  } catch {
    return false; // a prefix out of range names nothing
  }
  return list.check(address, type);
}
