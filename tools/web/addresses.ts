// Which addresses a fetch may reach: public ones. Loopback, private, link-local (cloud metadata at
// 169.254.169.254), unique-local and the like are refused unless a rule names the host, so a page
// the model read cannot send it into the user's own network. Every address a name resolves to is
// checked, and the connection goes to the address that was checked (no second lookup to rebind).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is one a fetch may not reach without a rule: loopback, private, link-local, … */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  // an IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 one
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  // the same in hex, as URLs write it (::ffff:7f00:1)
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [hi, lo] = [Number.parseInt(hex[1]!, 16), Number.parseInt(hex[2]!, 16)];
    return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  return blocked.check(address, 'ipv6');
}

export class RefusedAddress extends Error {}

/** The one sentence of a refusal, naming the rule that lets tack fetch the host. */
export function privateRefusal(host: string, address = host): string {
  const named = host === address ? address : `${host} (${address})`;
  return `refused: ${named} is a private, loopback or link-local address; tack fetches such a host only when a rule names it: add "fetch(domain:${host})" to permissions.allow in .tack/config.json`;
}

function refusal(host: string, address: string): RefusedAddress {
  return new RefusedAddress(privateRefusal(host, address));
}

/**
 * Whether a host is private by its name alone, before any lookup: a private IP literal, or
 * `localhost` and the names below it (always loopback, RFC 6761). Such a fetch is refused without a
 * question, since no answer but a rule could let it through.
 */
export function privateByName(host: string): boolean {
  const bare = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  return isIP(bare) !== 0 && isPrivateAddress(bare);
}

/** An IP literal in a URL's host, brackets removed; undefined for a name. */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) ? bare : undefined;
}

/** Throws RefusedAddress when the URL's host is an IP literal that is private and not allowed. */
export function checkLiteral(hostname: string, privateAllowed: boolean): void {
  const address = literalAddress(hostname);
  if (address && !privateAllowed && isPrivateAddress(address)) throw refusal(hostname, address);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s): resolves every address of the name, refuses the connection when any
 * of them is private (unless allowed), and hands over only checked addresses.
 */
export function checkedLookup(privateAllowed: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const bad = privateAllowed ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(refusal(hostname, bad.address) as NodeJS.ErrnoException, '');
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}
