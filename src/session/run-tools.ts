// The tools the model is offered, fixed for a run (a user message and all it leads to): a model
// server reuses its prompt cache only for an identical prefix, and the tool list sits near its
// start. What changes during a run (an MCP server ready late, a server's new list, a deny rule's
// verdict on an MCP tool) is taken at the next run's first model call, each new tool after every
// tool offered already, never before one.
import type { AnyAgentTool } from '../agent/types.js';
import type { McpHost } from '../extensions/mcp/host.js';
import { waitForMcp } from './setup/mcp-wait.js';

/** `offered` in its order (each tool as `available` has it now), then what is new, in `available`'s order. */
export function nextToolList(offered: readonly AnyAgentTool[], available: readonly AnyAgentTool[]): AnyAgentTool[] {
  const now = new Map(available.map((t) => [t.name, t]));
  const kept = offered.flatMap((t) => now.get(t.name) ?? []);
  const known = new Set(kept.map((t) => t.name));
  return [...kept, ...available.filter((t) => !known.has(t.name))];
}

/** What of the Session the list depends on. */
export interface ToolHost {
  readonly mcp: McpHost | undefined;
  /** `hides`: an MCP tool no call of could run (a deny rule names it whole) */
  readonly approvals: { hides(name: string): boolean } | undefined;
  readonly extensions: { hooks: { wrap(tool: AnyAgentTool): AnyAgentTool } | undefined };
  readonly config: { mcp: { startupWaitMs: number } };
  readonly running: boolean;
  /** what the run waits for before its first model call, while it does */
  waitingFor: string | undefined;
}

export class RunTools {
  private mcpWaited = false;
  private fixed = false;

  constructor(
    private readonly agent: { readonly state: { tools: AnyAgentTool[] }; setTools(tools: AnyAgentTool[]): void },
    private readonly host: ToolHost,
    private readonly builtin: readonly AnyAgentTool[],
    private readonly note: (message: string) => void,
  ) {
    this.take();
  }

  /** A server's state or list changed: taken now while idle, else by the next run. */
  changed(): void {
    if (!this.host.running) this.take();
  }

  /** A run starts: its first model call takes the list as it is then. */
  startRun(): void {
    this.fixed = false;
  }

  /** Before each model call: the run's first waits a little for MCP tool lists (the session's first only) and fixes the list. */
  async beforeCall(): Promise<void> {
    if (this.fixed) return;
    const { mcp } = this.host;
    if (mcp && !this.mcpWaited) {
      this.mcpWaited = true;
      await waitForMcp(mcp, this.host.config.mcp.startupWaitMs, this.note, (what) => void (this.host.waitingFor = what));
    }
    this.fixed = true;
    this.take();
  }

  private take(): void {
    const { mcp, approvals, extensions } = this.host;
    const fromMcp = (mcp?.agentTools() ?? []).filter((t) => !approvals?.hides(t.name)).map((t) => extensions.hooks?.wrap(t) ?? t);
    this.agent.setTools(nextToolList(this.agent.state.tools, [...this.builtin, ...fromMcp]));
  }
}
