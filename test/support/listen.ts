// A plain HTTP server on 127.0.0.1 for a test, closed after each test: `listen(handler)` is its base URL.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export function httpServers(): (handler: Parameters<typeof createServer>[1]) => Promise<string> {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });
  return async (handler) => {
    const s = createServer(handler);
    servers.push(s);
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  };
}
