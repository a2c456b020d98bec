// A fetch through the user's proxy keeps the private-address refusal: the target's name is
// resolved and judged here, as without a proxy, and the proxy is sent the address that was checked,
// so it cannot resolve the name again to somewhere else (a rebinding name, the proxy's own network).
import type { ProxyChoice } from '../../src/net/proxy/env.js';
import type { RequestFn } from '../../src/net/proxy/via.js';
import { checkedLookup, literalAddress } from './addresses.js';

export async function proxiedRequest(proxy: ProxyChoice, url: URL, privateAllowed: boolean, timeoutMs: number): Promise<RequestFn> {
  const address = literalAddress(url.hostname) ?? (await checkedAddress(url.hostname, privateAllowed));
  const { viaProxy } = await import('../../src/net/proxy/via.js');
  return viaProxy(proxy, { address, connectTimeoutMs: timeoutMs });
}

function checkedAddress(hostname: string, privateAllowed: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    checkedLookup(privateAllowed)(hostname, {}, (error, address) => (error ? reject(error) : resolve(address as string)));
  });
}
