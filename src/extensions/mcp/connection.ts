// One MCP server: its state, its lists (tools, prompts, resources) and its calls with a timeout; how
// it is opened (stdio, streamable HTTP with OAuth, SSE) is in transports.ts. Failures never throw past this class into tack: they become a state
// (`failed`, `crashed`) or a tool error. A stdio server that crashed is restarted once, on the next call.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ErrorCode,
  McpError,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type GetPromptResult,
  type Prompt,
  type Resource,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpServerSpec } from '../../config/mcp-servers.js';
import { withinSchemaSize } from './tool-schema.js';
import type { AuthStore } from './auth-store.js';
import { ServerLog } from './server-log.js';
import { terminate } from './stop-child.js';
import { describeError, openRemote, stdioTransport } from './transports.js';

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
  /** OAuth sign-ins of remote servers are kept here; without it a 401 is a failure */
  authStore?: AuthStore;
  /** a sentence for the user now (the URL to sign in at) */
  notify?: (message: string) => void;
}

/** The least time a server gets to start and list what it offers. */
export const START_TIMEOUT_MS = 60_000;

export class McpConnection {
  state: ServerStateKind;
  reason: string | undefined;
  tools: Tool[] = [];
  /** the server's prompts, offered as `/mcp__server__prompt` commands */
  prompts: Prompt[] = [];
  /** the server's resources, attachable as `@server:uri` */
  resources: Resource[] = [];
  via: 'sse' | undefined;
  /** the tools left out for their schema's size, as a sentence; shown as a ready server's reason */
  private leftOut: string | undefined;
  private client: Client | undefined;
  /** the stdio server's process, from start until it is known to be gone (the transport forgets it as soon as it closes) */
  private childPid: number | undefined;
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

  /**
   * Starting (initialize, the lists) may take longer than a call is allowed: `npx` fetching a package,
   * a busy machine. The entry's `timeout` is for tool calls; start-up gets at least START_TIMEOUT_MS.
   */
  private get startTimeoutMs(): number {
    return Math.max(this.spec.timeoutMs, START_TIMEOUT_MS);
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
      if (this.closing) {
        // the session closed while this server was starting
        await client.close().catch(() => undefined);
        return;
      }
      this.client = client;
      await this.refreshTools();
      await this.refreshPrompts().catch((err) => this.log.line(`prompts/list failed: ${describeError(err)}`));
      await this.refreshResources().catch((err) => this.log.line(`resources/list failed: ${describeError(err)}`));
      this.set('ready', this.leftOut);
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
    client.setNotificationHandler(PromptListChangedNotificationSchema, async () => {
      await this.refreshPrompts().catch((err) => this.log.line(`prompts/list after list_changed failed: ${describeError(err)}`));
      this.o.onChange();
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, async () => {
      await this.refreshResources().catch((err) => this.log.line(`resources/list after list_changed failed: ${describeError(err)}`));
      this.o.onChange();
    });
    client.onclose = () => this.onClosed(client);
    client.onerror = (err) => this.log.line(`transport error: ${describeError(err)}`);
    return client;
  }

  private async open(): Promise<Client> {
    const timeout = this.startTimeoutMs;
    if (this.spec.transport === 'stdio') {
      const client = this.newClient();
      const transport = stdioTransport(this.spec, this.o.baseEnv, this.log);
      try {
        await client.connect(transport, { timeout });
      } finally {
        this.childPid = transport.pid ?? undefined;
      }
      return client;
    }
    const { client, via } = await openRemote(this.spec, timeout, {
      authStore: this.o.authStore,
      notify: this.o.notify,
      log: this.log,
      newClient: () => this.newClient(),
      waiting: (reason) => {
        this.reason = reason;
        this.o.onChange();
      },
    });
    if (this.spec.transport === 'http') this.via = via;
    return client;
  }

  private async refreshTools(): Promise<void> {
    const client = this.client;
    const listed = client?.getServerCapabilities()?.tools
      ? await listAll(
          (cursor) => client.listTools(cursor, { timeout: this.startTimeoutMs }),
          (p) => p.tools,
          10_000,
        )
      : [];
    const { tools, note } = withinSchemaSize(listed);
    this.tools = tools;
    if (note === this.leftOut) return;
    this.leftOut = note;
    if (this.state === 'ready') this.reason = note;
    if (note) {
      this.log.line(note);
      this.o.notify?.(`the MCP server "${this.spec.name}": ${note}`);
    }
  }

  private async refreshPrompts(): Promise<void> {
    const client = this.client;
    this.prompts = client?.getServerCapabilities()?.prompts
      ? await listAll(
          (cursor) => client.listPrompts(cursor, { timeout: this.startTimeoutMs }),
          (p) => p.prompts,
          10_000,
        )
      : [];
  }

  private async refreshResources(): Promise<void> {
    const client = this.client;
    this.resources = client?.getServerCapabilities()?.resources
      ? await listAll(
          (cursor) => client.listResources(cursor, { timeout: this.startTimeoutMs }),
          (p) => p.resources,
          1000,
        )
      : [];
  }

  /** The contents of one resource; throws a sentence when the server cannot give it. */
  async readResource(uri: string): Promise<{ uri: string; mimeType?: string; text?: string; blob?: string }[]> {
    const client = this.client;
    if (!client || this.state !== 'ready') throw new Error(`the MCP server "${this.spec.name}" is ${this.state}${this.reason ? `: ${this.reason}` : ''}`);
    try {
      return (await client.readResource({ uri }, { timeout: this.spec.timeoutMs })).contents as {
        uri: string;
        mimeType?: string;
        text?: string;
        blob?: string;
      }[];
    } catch (err) {
      throw new Error(`the MCP server "${this.spec.name}" could not give ${uri}: ${describeError(err)}`);
    }
  }

  /** Fills in one of the server's prompts; throws a sentence when the server cannot. */
  async getPrompt(name: string, args: Record<string, string>): Promise<GetPromptResult> {
    const client = this.client;
    if (!client || this.state !== 'ready') throw new Error(`the MCP server "${this.spec.name}" is ${this.state}${this.reason ? `: ${this.reason}` : ''}`);
    try {
      return await client.getPrompt({ name, arguments: args }, { timeout: this.spec.timeoutMs });
    } catch (err) {
      throw new Error(`the MCP server "${this.spec.name}" could not give the prompt ${name}: ${describeError(err)}`);
    }
  }

  private onClosed(client: Client): void {
    if (client !== this.client || this.closing) return;
    this.client = undefined;
    this.childPid = undefined;
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

  /** The stdio server's process while it runs, for tack's `exit` hook (stop-child.ts). */
  get pid(): number | undefined {
    return this.childPid;
  }

  /** Closes the connection; a stdio server gets SIGTERM at once and SIGKILL if it is still there after the grace period. */
  async stop(): Promise<void> {
    this.closing = true;
    const client = this.client;
    const pid = this.pid;
    this.client = undefined;
    this.tools = [];
    await Promise.all([client?.close().catch(() => undefined), pid ? terminate(pid) : undefined]);
    this.childPid = undefined;
    if (!this.spec.disabled) this.set('stopped');
  }
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Every item of a paginated MCP list, page by page, up to `limit` (a server could page for ever). */
async function listAll<P extends { nextCursor?: string }, T>(
  page: (params: { cursor: string } | undefined) => Promise<P>,
  items: (page: P) => T[],
  limit: number,
): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(cursor ? { cursor } : undefined);
    all.push(...items(next));
    cursor = next.nextCursor;
  } while (cursor && all.length < limit);
  return all;
}
