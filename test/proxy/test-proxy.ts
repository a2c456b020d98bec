// A forward HTTP proxy for tests, on 127.0.0.1: CONNECT tunnels and absolute-URI requests, an
// optional password, and a record of everything it carried (so a test can say what went through it).
import { createServer, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

export interface Carried {
  method: string;
  /** `host:port` for CONNECT, the absolute URI otherwise */
  target: string;
  /** the Proxy-Authorization header as sent */
  auth?: string;
  /** the request's Host header */
  host?: string;
}

export interface TestProxy {
  url: string;
  port: number;
  carried: Carried[];
  close(): Promise<void>;
}

/** `password`: 'user:pass' the proxy asks for, answering 407 without it; `refuseConnect`: the status line every CONNECT gets. */
export async function startProxy(o: { password?: string; refuseConnect?: string } = {}): Promise<TestProxy> {
  const carried: Carried[] = [];
  const sockets = new Set<Socket>();
  const expected = o.password ? `Basic ${Buffer.from(o.password).toString('base64')}` : undefined;
  const allowed = (headers: IncomingHttpHeaders) => !expected || headers['proxy-authorization'] === expected;
  const record = (method: string, target: string, headers: IncomingHttpHeaders) =>
    carried.push({ method, target, auth: headers['proxy-authorization'], host: headers.host });

  const server = createServer((req, res) => {
    record(req.method ?? 'GET', req.url ?? '', req.headers);
    if (!allowed(req.headers)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    const { 'proxy-authorization': _, connection: __, ...headers } = req.headers;
    // one upstream connection per request, as the client's: nothing kept alive across them
    const upstream = httpRequest(req.url!, { method: req.method, headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    sockets.add(client);
    record('CONNECT', req.url ?? '', req.headers);
    if (!allowed(req.headers)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n');
      return;
    }
    if (o.refuseConnect) {
      client.end(`HTTP/1.1 ${o.refuseConnect}\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const [host, port] = splitAuthority(req.url ?? '');
    const upstream = connect(port, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (socket: Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    carried,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function splitAuthority(authority: string): [string, number] {
  const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(authority);
  return m ? [m[1]!, Number(m[2])] : [authority, 443];
}

/** No proxy variable from the machine that runs the tests: only what a test sets. */
export const NO_PROXY_ENV = { HTTP_PROXY: '', http_proxy: '', HTTPS_PROXY: '', https_proxy: '', ALL_PROXY: '', all_proxy: '', NO_PROXY: '', no_proxy: '' };
