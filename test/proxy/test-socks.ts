// A SOCKS5 proxy for tests, on 127.0.0.1 (RFC 1928, with RFC 1929's user name and password when
// asked for): CONNECT only, and a record of each target as the client named it (a name or an address).
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

export interface SocksCarried {
  /** 'name' when the client sent a host name (socks5h), else the address family */
  kind: 'name' | 'ipv4' | 'ipv6';
  host: string;
  port: number;
  user?: string;
}

export interface TestSocks {
  port: number;
  carried: SocksCarried[];
  close(): Promise<void>;
}

/** `login`: 'user:pass' the proxy asks for (it then accepts no other method). */
export async function startSocks(o: { login?: string } = {}): Promise<TestSocks> {
  const carried: SocksCarried[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('error', () => {});
    let got = Buffer.alloc(0);
    let step: 'greeting' | 'login' | 'request' = 'greeting';
    let user: string | undefined;
    const onData = (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      if (step === 'greeting') {
        if (got.length < 2 || got.length < 2 + got[1]!) return;
        const methods = [...got.subarray(2, 2 + got[1]!)];
        got = got.subarray(2 + got[1]!);
        const wanted = o.login ? 2 : 0;
        if (!methods.includes(wanted)) return client.end(Buffer.from([5, 0xff]));
        client.write(Buffer.from([5, wanted]));
        step = o.login ? 'login' : 'request';
      }
      if (step === 'login') {
        if (got.length < 2 || got.length < 3 + got[1]!) return;
        const nameEnd = 2 + got[1]!;
        const passEnd = nameEnd + 1 + got[nameEnd]!;
        if (got.length < passEnd) return;
        user = got.subarray(2, nameEnd).toString();
        const pass = got.subarray(nameEnd + 1, passEnd).toString();
        got = got.subarray(passEnd);
        if (`${user}:${pass}` !== o.login) return client.end(Buffer.from([1, 1]));
        client.write(Buffer.from([1, 0]));
        step = 'request';
      }
      if (got.length < 5) return;
      const type = got[3]!;
      const end = type === 1 ? 8 : type === 4 ? 20 : 5 + got[4]!;
      if (got.length < end + 2) return;
      client.off('data', onData);
      const host =
        type === 1
          ? [...got.subarray(4, 8)].join('.')
          : type === 4
            ? [...Array(8).keys()].map((i) => got.readUInt16BE(4 + i * 2).toString(16)).join(':')
            : got.subarray(5, end).toString();
      const port = got.readUInt16BE(end);
      carried.push({ kind: type === 3 ? 'name' : type === 1 ? 'ipv4' : 'ipv6', host, port, ...(user ? { user } : {}) });
      const upstream = connect(port, type === 3 && host === 'localhost' ? '127.0.0.1' : host, () => {
        client.write(Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, port >> 8, port & 0xff]));
        const rest = got.subarray(end + 2);
        if (rest.length > 0) upstream.write(rest);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      sockets.add(upstream);
      upstream.on('error', () => client.end(Buffer.from([5, 5, 0, 1, 0, 0, 0, 0, 0, 0])));
      client.on('close', () => upstream.destroy());
    };
    client.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    carried,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
