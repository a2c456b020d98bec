// `/mcp` as a panel under the input: the servers with their state and tool count; Enter on one shows
// its tools (one name each, `server:tool`, with the server's description) and its log; `r`
// reconnects the one chosen; Esc goes back, then closes. It reads the servers at each frame it is
// drawn in, and is drawn again when one changes. What a server said is drawn with its control
// characters visible.
import type { McpServerView } from '../../../../extensions/mcp/index.js';
import { visible } from '../../../../text/terminal-text.js';
import type { Command } from '../../input/keymap.js';
import { s, sym } from '../../text/style.js';
import { truncate, wrapWithPrefix } from '../../text/text.js';
import type { InputBox } from '../../input-box/input-box.js';
import type { Panel } from '../../input-box/menu.js';
import { panelRoom, scrolled, scrollWindow } from '../../input-box/scroll-window.js';

export interface McpPanelHost {
  input: InputBox;
  servers(): McpServerView[];
  /** restarts one server; the sentence to show when it is done */
  reconnect(name: string): Promise<string>;
  /** calls `changed` when a server's state or tools change; returns what stops it */
  watch(changed: () => void): () => void;
}

const STATE_COLOR: Record<string, (text: string) => string> = {
  ready: s.green,
  starting: s.yellow,
  failed: s.red,
  crashed: s.red,
  disabled: s.gray,
  stopped: s.gray,
};

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

function stateWords(x: McpServerView): string {
  const color = STATE_COLOR[x.state] ?? ((t: string) => t);
  return `${color(x.state)}${x.state === 'ready' ? ` · ${count(x.tools.length, 'tool')}` : ''}`;
}

/** A server's tools and its log, as the server view scrolls them. Pure. */
export function serverDetail(x: McpServerView, cols: number): string[] {
  const out: string[] = [];
  if (x.reason) out.push(...wrapWithPrefix(visible(x.reason), cols, '  ', '  ').map((l) => s.red(l)));
  if (x.tools.length > 0) out.push(s.bold(`  Tools (${x.tools.length})`));
  x.tools.forEach((tool) => {
    const name = `${x.name}:${tool.name}`;
    const about = (tool.description ?? tool.title ?? '').split('\n')[0]!;
    out.push(truncate(`    ${s.cyan(visible(name))}${about ? s.gray(`  ${visible(about)}`) : ''}`, cols));
  });
  out.push(s.bold(`  Log`) + s.gray(` ${visible(x.logPath)}`));
  if (x.logTail.length === 0) out.push(s.gray('    (nothing yet)'));
  for (const line of x.logTail) out.push(s.gray(truncate(`    ${visible(line)}`, cols)));
  return out;
}

export class McpPanel implements Panel {
  private selected = 0;
  /** the server whose tools and log are shown, and how far they are scrolled */
  private open: { name: string; top: number } | undefined;
  private note: string | undefined;
  private size = { cols: 80, rows: 24 };

  constructor(private readonly host: McpPanelHost) {}

  show(): void {
    this.host.input.openPanel(this);
    // a server that starts, fails or crashes while the panel is open is drawn at once, not at the next key
    const stop = this.host.watch(() => {
      if (this.host.input.showing(this)) this.host.input.redraw();
      else stop();
    });
  }

  handle(cmd: Command): void {
    const servers = this.host.servers();
    if (cmd.type === 'interrupt' || (cmd.type === 'escape' && !this.open)) {
      this.host.input.closePanel();
      return;
    }
    const chosen = this.open ? servers.find((x) => x.name === this.open!.name) : servers[this.selected];
    if (cmd.type === 'escape') this.open = undefined;
    else if (cmd.type === 'insert' && cmd.text.toLowerCase() === 'r' && chosen) this.reconnect(chosen.name);
    else if (this.open && chosen) {
      const top = scrolled(this.open.top, cmd, serverDetail(chosen, this.size.cols).length, panelRoom(this.size.rows));
      if (top !== undefined) this.open.top = top;
    } else if ((cmd.type === 'up' || cmd.type === 'down') && servers.length > 0) {
      this.selected = (this.selected + (cmd.type === 'up' ? -1 : 1) + servers.length) % servers.length;
    } else if (cmd.type === 'submit' && chosen) this.open = { name: chosen.name, top: 0 };
    this.host.input.redraw();
  }

  render(cols: number, rows: number): string[] {
    this.size = { cols, rows };
    const servers = this.host.servers();
    const note = this.note ? [s.gray(truncate(`  ${this.note}`, cols))] : [];
    const server = this.open && servers.find((x) => x.name === this.open!.name);
    if (server) {
      const keys = s.gray(`· r: reconnect · Esc: back`);
      const title = truncate(`${s.bold(visible(server.name))} ${server.transport} ${stateWords(server)} ${keys}`, cols);
      return [title, ...note, ...scrollWindow(serverDetail(server, cols), this.open!.top, panelRoom(rows))];
    }
    if (servers.length === 0) {
      return [s.bold('MCP servers'), s.gray('  none configured (tack mcp add NAME -- COMMAND ARGS…, or .mcp.json in a trusted folder) · Esc: close')];
    }
    const keys = s.gray(`· ${sym('↑↓', 'Up/Down')} Enter: tools and log · r: reconnect · Esc: close`);
    const width = Math.max(...servers.map((x) => visible(x.name).length));
    const lines = servers.flatMap((x, i) => {
      const chosen = i === this.selected;
      const transport = x.via ? `${x.transport}→sse` : x.transport;
      const line = truncate(`${chosen ? sym('›', '>') : ' '} ${visible(x.name).padEnd(width)}  ${transport.padEnd(9)} ${stateWords(x)}`, cols);
      const why = x.reason ? wrapWithPrefix(visible(x.reason), cols, '    ', '    ').map((l) => s.red(l)) : [];
      return [chosen ? s.bold(line) : line, ...why];
    });
    return [truncate(`${s.bold(`MCP servers (${servers.length})`)} ${keys}`, cols), ...note, ...lines];
  }

  private reconnect(name: string): void {
    this.note = `reconnecting ${visible(name)}…`;
    this.host.reconnect(name).then(
      (said) => {
        this.note = said;
        this.host.input.redraw();
      },
      (err: unknown) => {
        this.note = err instanceof Error ? err.message : String(err);
        this.host.input.redraw();
      },
    );
  }
}
