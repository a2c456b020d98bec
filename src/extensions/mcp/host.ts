// What a Session holds of its MCP servers, without the SDK: the manager (and with it the SDK) is
// imported only when `start()` runs, so a first screen is never kept waiting for either. Until
// then every server is `starting` and offers no tools.
import type { AnyAgentTool } from '../../agent/types.js';
import type { McpServerSpec } from '../../config/mcp-servers.js';
import type { McpManager, McpManagerOptions, McpServerView } from './manager.js';
import type { PromptCommand } from './prompts.js';
import type { ResourceMention } from './resources.js';
import { logPath } from './server-log.js';

export class McpHost {
  private manager: McpManager | undefined;
  private loading: Promise<McpManager> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly specs: readonly McpServerSpec[],
    private readonly o: McpManagerOptions,
  ) {}

  /** Imports the manager and starts every server in the background; returns at once. */
  start(): void {
    this.loading ??= import('./manager.js').then(({ McpManager }) => {
      const manager = new McpManager(this.specs, this.o);
      for (const listener of this.listeners) manager.onChange(listener);
      this.manager = manager;
      manager.start();
      for (const listener of [...this.listeners]) listener();
      return manager;
    });
  }

  /** Waits up to `ms` (counted from now) for the servers; returns the names still starting. */
  async ready(ms: number): Promise<string[]> {
    this.start();
    const deadline = Date.now() + ms;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    });
    const manager = await Promise.race([this.loading, late]);
    clearTimeout(timer);
    if (!manager) return this.specs.filter((s) => !s.disabled).map((s) => s.name);
    return manager.ready(Math.max(0, deadline - Date.now()));
  }

  /** Called when a server's state or tool list changes; returns what stops it being called. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    this.manager?.onChange(listener);
    return () => {
      this.listeners.delete(listener);
      this.manager?.offChange(listener);
    };
  }

  agentTools(): AnyAgentTool[] {
    return this.manager?.agentTools() ?? [];
  }

  promptCommands(): PromptCommand[] {
    return this.manager?.promptCommands() ?? [];
  }

  async expandPrompt(command: string, typed: string): Promise<string> {
    if (!this.manager) throw new Error('the MCP servers are still starting; try again in a moment');
    return this.manager.expandPrompt(command, typed);
  }

  resourceMentions(): ResourceMention[] {
    return this.manager?.resourceMentions() ?? [];
  }

  async readResource(server: string, uri: string): Promise<string> {
    if (!this.manager) throw new Error('the MCP servers are still starting; try again in a moment');
    return this.manager.readResource(server, uri);
  }

  servers(): McpServerView[] {
    if (this.manager) return this.manager.servers();
    return this.specs.map((s) => ({
      name: s.name,
      transport: s.transport,
      state: s.disabled ? 'disabled' : 'starting',
      tools: [],
      toolNames: [],
      logPath: logPath(this.o.home, s.name),
      logTail: [],
    }));
  }

  async reconnect(name: string): Promise<boolean> {
    this.start();
    return (await this.loading!).reconnect(name);
  }

  async close(): Promise<void> {
    await this.manager?.close();
  }
}
