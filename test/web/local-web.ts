// Web servers for the web tools' tests, on 127.0.0.1 only: routes by path, each a handler.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export interface LocalWeb {
  url: string;
  port: number;
  /** the paths asked for, in order */
  requests: { path: string; method: string; headers: IncomingMessage['headers']; body: string }[];
  close(): Promise<void>;
}

export async function startWeb(routes: Record<string, Route>): Promise<LocalWeb> {
  const requests: LocalWeb['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0]!;
      requests.push({ path: req.url ?? '/', method: req.method ?? 'GET', headers: req.headers, body });
      const route = routes[path];
      if (!route) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>not here</h1>');
        return;
      }
      route(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const html =
  (body: string, status = 200, headers: Record<string, string> = {}): Route =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
  };

export const redirect =
  (to: string, status = 302): Route =>
  (_req, res) => {
    res.writeHead(status, { location: to }).end();
  };

export const json =
  (value: unknown, status = 200, headers: Record<string, string> = {}): Route =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
  };
