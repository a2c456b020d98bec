// How a connection to an MCP server is opened (a stdio child, streamable HTTP with OAuth sign-in, the
// SSE fallback), apart from connection.ts, which holds what an open connection does: state, lists, calls.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { proxyFor } from '../../net/proxy/env.js';
import { proxyErrorIn } from '../../net/proxy/error.js';
import { streamingFetch } from '../../ai/openai/transport.js';
import type { RemoteSpec, StdioSpec } from '../../config/mcp-servers.js';
import type { AuthStore } from './auth-store.js';
import { boundedFetch } from './bounded-fetch.js';
import { TackOAuthProvider } from './oauth.js';
import type { ServerLog } from './server-log.js';

/** An MCP or transport error as one short sentence. */
export function describeError(err: unknown): string {
  const proxy = proxyErrorIn(err);
  if (proxy) return proxy.sentence('the MCP server');
  const message = err instanceof Error ? err.message : String(err);
  return message
    .replace(/^MCP error -?\d+: /, '')
    .split('\n')[0]!
    .slice(0, 300);
}

export function stdioTransport(spec: StdioSpec, baseEnv: Record<string, string>, log: ServerLog): StdioClientTransport {
  log.line(`starting: ${[spec.command, ...spec.args].join(' ')}`);
  const transport = new StdioClientTransport({
    command: spec.command,
    args: spec.args,
    env: { ...baseEnv, ...spec.env },
    cwd: spec.cwd,
    stderr: 'pipe',
  });
  log.follow(transport.stderr as import('node:stream').Readable | null);
  return transport;
}

export interface RemoteOpenOptions {
  authStore?: AuthStore;
  notify?: (message: string) => void;
  log: ServerLog;
  /** a client with the connection's handlers set */
  newClient: () => Client;
  /** the user was sent to sign in: the server's reason meanwhile */
  waiting: (reason: string) => void;
}

/**
 * Streamable HTTP (or SSE), with OAuth when the server asks for it: the SDK sends the user to
 * sign in, tack waits for the browser's redirect, hands the code back and connects again.
 * `via` is 'sse' for an `http` server that only answered the older transport.
 */
export async function openRemote(spec: RemoteSpec, timeout: number, o: RemoteOpenOptions): Promise<{ client: Client; via: 'sse' | undefined }> {
  const url = new URL(spec.url);
  const auth = o.authStore ? new TackOAuthProvider(spec.name, url.href, o.authStore, o.notify ?? (() => {})) : undefined;
  await auth?.prepare();
  // the SDK's fetch (undici) would go direct: behind a proxy it is given tack's own, which does not
  const proxied = proxyFor(url) ? { fetch: streamingFetch } : {};
  const opts = { requestInit: { headers: spec.headers }, authProvider: auth, ...proxied };
  // SSE carries every answer on one stream for the whole session: only streamable HTTP's are bounded
  const fetch = boundedFetch({ callMs: spec.timeoutMs, startMs: timeout }, proxied.fetch);
  const attempt = async (sse: boolean): Promise<Client> => {
    const make = () => (sse ? new SSEClientTransport(url, opts) : new StreamableHTTPClientTransport(url, { ...opts, fetch }));
    const transport = make();
    try {
      const client = o.newClient();
      await client.connect(transport, { timeout });
      return client;
    } catch (err) {
      if (!(err instanceof UnauthorizedError) || !auth?.signInStarted) throw err;
      o.log.line('waiting for the user to sign in');
      o.waiting('waiting for you to sign in (open the URL tack printed)');
      await transport.finishAuth(await auth.waitForCode());
      o.log.line('signed in');
      const client = o.newClient();
      await client.connect(make(), { timeout });
      return client;
    } finally {
      auth?.close();
    }
  };
  if (spec.transport === 'sse') return { client: await attempt(true), via: undefined };
  try {
    return { client: await attempt(false), via: undefined };
  } catch (err) {
    if (err instanceof UnauthorizedError) throw err;
    // a server that only speaks the older transport answers the POST with 4xx: try SSE
    o.log.line(`streamable HTTP failed (${describeError(err)}); trying SSE`);
    try {
      return { client: await attempt(true), via: 'sse' };
    } catch {
      throw err;
    }
  }
}
