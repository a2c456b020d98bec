// One MCP server: its transport (stdio, streamable HTTP, SSE), its tool list, its calls with a
// timeout, and its state. Failures never throw past this class into tack: they become a state
// (`failed`, `crashed`) or a tool error. A stdio server that crashed is restarted once, on the next call.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError, ToolListChangedNotificationSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerSpec, StdioSpec } from '../../config/mcp-servers.js';
import { ServerLog } from './server-log.js';

export type ServerStateKind = 'disabled' | 'starting' | 'ready' | 'failed' | 'crashed' | 'stopped';

export interface ServerStatus {
  name: string;
  transport: McpServerSpec['transport'];
  state: ServerStateKind;
  /** why it failed or stopped, in one sentence */
  reason?: string;
  tools: readonly Tool[];
  logPath: string;
  /** `http` that fell back to the SSE transport */
  via?: 'sse';
}

export interface ConnectionOptions {
  /** the scrubbed environment stdio servers start from (their entry's `env` is laid over it) */
  baseEnv: Record<string, string>;
  logPath: string;
  version: string;
  /** the state or the tool list changed */
  onChange: () => void;
}

function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message
    .replace(/^MCP error -?\d+: /, '')
    .split('\n')[0]!
    .slice(0, 300);
}

export class McpConnection {
  state: ServerStateKind;
  reason: string | undefined;
  tools: Tool[] = [];
  via: 'sse' | undefined;
  private client: Client | undefined;
  private stdio: StdioClientTransport | undefined;
  /** a tools/list after list_changed, under way: a call's result waits for it, so the next model call sees the new list */
  private refreshing: Promise<void> | undefined;
  private starting: Promise<void> | undefined;
  private restarted = false;
  private closing = false;
  readonly log: ServerLog;

  constructor(
    readonly spec: McpServerSpec,
    private readonly o: ConnectionOptions,
  ) {
    this.log = new ServerLog(o.logPath);
    this.state = spec.disabled ? 'disabled' : 'starting';
  }

  status(): ServerStatus {
    return {
      name: this.spec.name,
      transport: this.spec.transport,
      state: this.state,
      reason: this.reason,
      tools: this.tools,
      logPath: this.log.path,
      via: this.via,
    };
  }

  /** Connects and lists the tools; resolves when the server is ready or has failed (never rejects). */
  start(): Promise<void> {
    if (this.spec.disabled) return Promise.resolve();
    this.starting ??= this.connect().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /** `/mcp` reconnect: stops the server and starts it again, with a fresh restart allowance. */
  async reconnect(): Promise<void> {
    await this.stop();
    this.restarted = false;
    this.closing = false;
    await this.start();
  }

  private set(state: ServerStateKind, reason?: string): void {
    this.state = state;
    this.reason = reason;
    this.o.onChange();
  }

  private async connect(): Promise<void> {
    this.set('starting');
    if (this.spec.problem) return this.set('failed', this.spec.problem);
    try {
      const client = await this.open();
      this.client = client;
      await this.refreshTools();
      this.set('ready');
    } catch (err) {
      await this.client?.close().catch(() => undefined);
      this.client = undefined;
      const reason = this.failure(err);
      this.log.line(`failed to start: ${reason}`);
      this.set('failed', reason);
    }
  }

  private failure(err: unknown): string {
    const closed = err instanceof McpError && err.code === ErrorCode.ConnectionClosed;
    const said = closed ? 'the server exited during start-up' : describeError(err);
    const last = this.log.lastWords;
    return last && !said.includes(last) ? `${said} (its last words: ${last})` : said;
  }

  private newClient(): Client {
    const client = new Client({ name: 'tack', version: this.o.version }, { capabilities: {} });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      this.refreshing = this.refreshTools()
        .catch((err) => this.log.line(`tools/list after list_changed failed: ${describeError(err)}`))
        .then(() => this.o.onChange());
      return this.refreshing;
    });
    client.onclose = () => this.onClosed(client);
    client.onerror = (err) => this.log.line(`transport error: ${describeError(err)}`);
    return client;
  }

  private async open(): Promise<Client> {
    const timeout = this.spec.timeoutMs;
    if (this.spec.transport === 'stdio') {
      const client = this.newClient();
      await client.connect(this.stdioTransport(this.spec), { timeout });
      return client;
    }
    const url = new URL(this.spec.url);
    const requestInit = { headers: this.spec.headers };
    if (this.spec.transport === 'sse') {
      const client = this.newClient();
      await client.connect(new SSEClientTransport(url, { requestInit }), { timeout });
      return client;
    }
    try {
      const client = this.newClient();
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit }), { timeout });
      this.via = undefined;
      return client;
    } catch (err) {
      // a server that only speaks the older transport answers the POST with 4xx: try SSE
      this.log.line(`streamable HTTP failed (${describeError(err)}); trying SSE`);
      const client = this.newClient();
      try {
        await client.connect(new SSEClientTransport(url, { requestInit }), { timeout });
      } catch {
        throw err;
      }
      this.via = 'sse';
      return client;
    }
  }

  private stdioTransport(spec: StdioSpec): Transport {
    this.log.line(`starting: ${[spec.command, ...spec.args].join(' ')}`);
    const transport = new StdioClientTransport({
      command: spec.command,
      args: spec.args,
      env: { ...this.o.baseEnv, ...spec.env },
      cwd: spec.cwd,
      stderr: 'pipe',
    });
    this.log.follow(transport.stderr as import('node:stream').Readable | null);
    this.stdio = transport;
    return transport;
  }

  private async refreshTools(): Promise<void> {
    const client = this.client;
    if (!client?.getServerCapabilities()?.tools) {
      this.tools = [];
      return;
    }
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: this.spec.timeoutMs });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor && tools.length < 10_000);
    this.tools = tools;
  }

  private onClosed(client: Client): void {
    if (client !== this.client || this.closing) return;
    this.client = undefined;
    const last = this.log.lastWords;
    this.log.line('the server closed the connection');
    this.set('crashed', `the server stopped${last ? ` (its last words: ${last})` : ''}`);
  }

  /** Calls a tool; every failure comes back as an `isError` result the model can read. */
  async call(tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult> {
    const name = this.spec.name;
    if (this.starting) await this.starting;
    if (this.state === 'crashed' && !this.restarted && this.spec.transport === 'stdio') {
      this.restarted = true;
      this.log.line('restarting after a crash');
      await this.start();
    }
    const client = this.client;
    if (!client || this.state !== 'ready') {
      const why = this.state === 'crashed' ? `it crashed${this.restarted ? ' again after one restart' : ''}` : (this.reason ?? `it is ${this.state}`);
      return errorResult(`the MCP server "${name}" is not available: ${why}; /mcp shows its log and can reconnect it`);
    }
    try {
      const result = (await client.callTool({ name: tool, arguments: args }, undefined, { timeout: this.spec.timeoutMs, signal })) as CallToolResult;
      // a list_changed sent during the call has started its refresh by now (notifications are handled in order)
      await this.refreshing;
      return result;
    } catch (err) {
      if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
        return errorResult(`the MCP server "${name}" did not answer ${tool} within ${this.spec.timeoutMs / 1000} s; the call was cancelled`);
      }
      if (signal?.aborted) return errorResult('interrupted: the user stopped the agent during this call');
      if ((this.state as ServerStateKind) === 'crashed' || (err instanceof McpError && err.code === ErrorCode.ConnectionClosed)) {
        const again = this.restarted ? '' : '; it will be restarted on the next call';
        return errorResult(`the MCP server "${name}" stopped during the call${again} (log: ${this.log.path})`);
      }
      return errorResult(`the MCP server "${name}" answered ${tool} with an error: ${describeError(err)}`);
    }
  }

  /** At tack's exit: a stdio server that ignores its closed stdin must not outlive tack. */
  killNow(): void {
    const pid = this.stdio?.pid;
    if (!pid) return;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }

  async stop(): Promise<void> {
    this.closing = true;
    const client = this.client;
    this.client = undefined;
    this.tools = [];
    await client?.close().catch(() => undefined);
    if (!this.spec.disabled) this.set('stopped');
  }
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
