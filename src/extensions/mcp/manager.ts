// Every MCP server of a session: started in the background all at once, their tools offered to the
// model under stable names, a first model call that waits a little for lists still loading, and
// `/mcp`'s view (state, tools, errors, log tail) with reconnect.
import type { AnyAgentTool } from '../../agent/types.js';
import type { McpServerSpec } from '../../config/mcp-servers.js';
import { mcpAgentTool } from './agent-tools.js';
import { McpConnection, type ServerStatus } from './connection.js';
import { toolNames } from './names.js';
import { promptArguments, promptText, type PromptCommand } from './prompts.js';
import { resourceText, type ResourceMention } from './resources.js';
import { logPath } from './server-log.js';
import { AuthStore, authFile } from './auth-store.js';
import { terminateNow } from './stop-child.js';

export interface McpManagerOptions {
  /** $TACK_HOME: logs go to its logs/ */
  home: string;
  /** the scrubbed environment of tool processes (tools/sandbox/env.ts): stdio servers start from it */
  baseEnv: Record<string, string>;
  version: string;
  /** a sentence for the user now: the URL to sign in at */
  notify?: (message: string) => void;
}

export interface McpServerView extends ServerStatus {
  /** the names the model calls this server's tools by */
  toolNames: string[];
  logTail: string[];
}

export class McpManager {
  readonly connections: McpConnection[];
  private readonly listeners = new Set<() => void>();
  private started: Promise<void> | undefined;

  constructor(specs: readonly McpServerSpec[], o: McpManagerOptions) {
    const authStore = new AuthStore(authFile(o.home));
    this.connections = specs.map(
      (spec) =>
        new McpConnection(spec, {
          baseEnv: o.baseEnv,
          logPath: logPath(o.home, spec.name),
          version: o.version,
          onChange: () => this.changed(),
          authStore,
          notify: o.notify,
        }),
    );
  }

  /** At tack's exit, stdio servers still running are ended here: none may outlive tack. */
  private readonly onExit = () => {
    terminateNow(this.connections.flatMap((c) => (c.pid ? [c.pid] : [])));
  };

  /** Starts every enabled server at once and returns without waiting for them. */
  start(): void {
    if (!this.started) process.on('exit', this.onExit);
    this.started ??= Promise.all(this.connections.map((c) => c.start())).then(() => undefined);
  }

  /** Waits up to `ms` for every server to be ready or failed; returns the names still starting. */
  async ready(ms: number): Promise<string[]> {
    this.start();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    });
    await Promise.race([this.started, timeout]);
    clearTimeout(timer);
    return this.connections.filter((c) => c.state === 'starting').map((c) => c.spec.name);
  }

  /** Called when a server's state or tool list changes. */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  offChange(listener: () => void): void {
    this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** The tools of the ready servers (and of crashed ones, restarted by their next call), in a stable order, named for the model. */
  agentTools(): AnyAgentTool[] {
    const offered = (c: McpConnection) => c.state === 'ready' || c.state === 'crashed';
    const entries = this.connections.flatMap((c) => (offered(c) ? c.tools.map((tool) => ({ c, tool })) : []));
    const names = toolNames(entries.map(({ c, tool }) => ({ server: c.spec.name, tool: tool.name })));
    return entries.map(({ c, tool }, i) => mcpAgentTool(c, tool, names[i]!));
  }

  /** The ready servers' prompts, as `/mcp__server__prompt` commands. */
  promptCommands(): PromptCommand[] {
    const entries = this.connections.flatMap((c) => (c.state === 'ready' ? c.prompts.map((prompt) => ({ c, prompt })) : []));
    const names = toolNames(entries.map(({ c, prompt }) => ({ server: c.spec.name, tool: prompt.name })));
    return entries.map(({ c, prompt }, i) => ({ command: names[i]!, server: c.spec.name, prompt }));
  }

  /** The text of a prompt command with what was typed after it; throws a sentence the user can act on. */
  async expandPrompt(command: string, typed: string): Promise<string> {
    const found = this.promptCommands().find((p) => p.command.toLowerCase() === command.toLowerCase());
    if (!found) throw new Error(`no MCP prompt /${command}; /mcp lists the servers`);
    const args = promptArguments(found.prompt, typed);
    if ('missing' in args) throw new Error(`/${found.command} needs ${args.missing.join(', ')} (name=value, or in order)`);
    const connection = this.connections.find((c) => c.spec.name === found.server)!;
    return promptText(await connection.getPrompt(found.prompt.name, args.args));
  }

  /** The ready servers' resources, as `@server:uri` mentions. */
  resourceMentions(): ResourceMention[] {
    return this.connections.flatMap((c) =>
      c.state === 'ready' ? c.resources.map((r) => ({ server: c.spec.name, uri: r.uri, name: r.name, mimeType: r.mimeType })) : [],
    );
  }

  /** One resource's contents as text for the message (binary parts described, long text cut). */
  async readResource(server: string, uri: string): Promise<string> {
    const connection = this.connections.find((c) => c.spec.name === server);
    if (!connection) throw new Error(`no MCP server named "${server}"`);
    return resourceText(server, uri, await connection.readResource(uri));
  }

  servers(): McpServerView[] {
    const tools = this.agentTools();
    return this.connections.map((c) => ({
      ...c.status(),
      toolNames: tools.filter((t) => t.label.startsWith(`${c.spec.name} · `)).map((t) => t.name),
      logTail: c.log.tail(5),
    }));
  }

  async reconnect(name: string): Promise<boolean> {
    const c = this.connections.find((x) => x.spec.name === name);
    if (!c || c.spec.disabled) return false;
    await c.reconnect();
    return true;
  }

  /** Stops every server; until they are gone, tack's exit still ends them (print mode exits without waiting). */
  async close(): Promise<void> {
    await Promise.all(this.connections.map((c) => c.stop()));
    process.off('exit', this.onExit);
  }
}
