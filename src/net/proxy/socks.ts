// A connection to `host:port` through a SOCKS5 proxy (RFC 1928), with the user name and password
// of RFC 1929 when the proxy URL has them. socks5h hands the proxy the target's name; socks5 hands
// it an address, resolved here unless the caller already has one (the fetch tool's checked address).
import { lookup } from 'node:dns/promises';
import { isIP, type Socket } from 'node:net';
import type { SocksProxy } from './env.js';
import { ProxyError } from './error.js';
import { reach, watch } from './proxy-socket.js';

const VERSION = 5;
const NO_AUTH = 0;
const USER_PASSWORD = 2;
const CONNECT = 1;
const IPV4 = 1;
const NAME = 3;
const IPV6 = 4;
/** The longest answer a SOCKS5 proxy gives to one step (a reply naming a 255-byte host). */
const MAX_ANSWER_BYTES = 262;

/** RFC 1928's replies, said as a person would. */
const REPLIES: Record<number, string> = {
  1: 'a general failure',
  2: 'the connection is not allowed by its rules',
  3: 'the network is unreachable',
  4: 'the host is unreachable',
  5: 'the connection was refused',
  6: 'the time to live expired',
  7: 'the command is not supported',
  8: 'the address type is not supported',
};

export async function socksTunnel(proxy: SocksProxy, host: string, port: number, timeoutMs: number, signal: AbortSignal | undefined): Promise<Socket> {
  const address = isIP(host) || proxy.remoteNames ? host : (await lookup(host)).address;
  const socket = await reach(proxy, timeoutMs, signal);
  return new Promise((resolve, reject) => {
    const stop = watch(socket, proxy, timeoutMs, signal, reject);
    const fail = (reason: string) => {
      stop();
      socket.destroy();
      reject(new ProxyError(proxy.shown, proxy.variable, reason));
    };
    let got = Buffer.alloc(0);
    let step: 'method' | 'login' | 'reply' = 'method';
    const onData = (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      // every SOCKS5 answer is short: more is not SOCKS5
      if (got.length > MAX_ANSWER_BYTES) return fail('its answer is not SOCKS5');
      if (step === 'method') {
        if (got.length < 2) return;
        const method = got[1]!;
        got = got.subarray(2);
        if (method === USER_PASSWORD && proxy.user) {
          step = 'login';
          socket.write(login(proxy.user));
        } else if (method === NO_AUTH) {
          step = 'reply';
          socket.write(connectRequest(address, port));
        } else {
          return fail(
            proxy.user
              ? 'it accepts neither no login nor a user name and password'
              : 'it asks for a user name and password; give them in the URL, socks5://user:password@host:port',
          );
        }
      }
      if (step === 'login') {
        if (got.length < 2) return;
        if (got[1] !== 0) return fail('it refused the user name and password in the proxy URL');
        got = got.subarray(2);
        step = 'reply';
        socket.write(connectRequest(address, port));
      }
      if (got.length < 5) return;
      const length = 4 + (got[3] === IPV4 ? 4 : got[3] === IPV6 ? 16 : got[3] === NAME ? 1 + got[4]! : 0) + 2;
      if (got[0] !== VERSION || length === 6) return fail('its answer is not SOCKS5');
      if (got[1] !== 0) return fail(`it could not connect to ${host}:${port}: ${REPLIES[got[1]!] ?? `reply ${got[1]}`}`);
      if (got.length < length) return;
      socket.off('data', onData);
      socket.pause();
      stop();
      if (got.length > length) socket.unshift(got.subarray(length));
      resolve(socket);
    };
    socket.on('data', onData);
    socket.write(Buffer.from(proxy.user ? [VERSION, 2, NO_AUTH, USER_PASSWORD] : [VERSION, 1, NO_AUTH]));
  });
}

function login(user: { name: string; password: string }): Buffer {
  const name = Buffer.from(user.name);
  const password = Buffer.from(user.password);
  return Buffer.concat([Buffer.from([1, name.length]), name, Buffer.from([password.length]), password]);
}

function connectRequest(host: string, port: number): Buffer {
  const family = isIP(host);
  const target =
    family === 4
      ? Buffer.from([IPV4, ...host.split('.').map(Number)])
      : family === 6
        ? Buffer.concat([Buffer.from([IPV6]), ipv6Bytes(host)])
        : Buffer.concat([Buffer.from([NAME, Buffer.byteLength(host)]), Buffer.from(host)]);
  return Buffer.concat([Buffer.from([VERSION, CONNECT, 0]), target, Buffer.from([port >> 8, port & 0xff])]);
}

/** The 16 bytes of an IPv6 address (with `::` and an embedded IPv4 tail). */
export function ipv6Bytes(host: string): Buffer {
  const [head, tail] = host.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []).flatMap((g) => (g.includes('.') ? v4Groups(g) : [g]));
  const before = groups(head);
  const after = groups(tail);
  const all = tail === undefined ? before : [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  const bytes = Buffer.alloc(16);
  for (const [i, group] of all.entries()) bytes.writeUInt16BE(Number.parseInt(group, 16), i * 2);
  return bytes;
}

function v4Groups(v4: string): string[] {
  const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
