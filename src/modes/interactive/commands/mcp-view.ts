// `/mcp`: each MCP server's state, tools, error and the last lines of its log; `/mcp reconnect NAME`
// stops one and starts it again. Everything a server said is shown with its control characters visible.
import type { McpServerView } from '../../../extensions/mcp/index.js';
import { promptUsage } from '../../../extensions/mcp/prompts.js';
import { startingNames, waitingWords } from '../../../extensions/mcp/starting.js';
import type { CompletionItem } from '../complete/completion.js';
import type { Session } from '../../../session/session.js';
import { visible } from '../../../text/terminal-text.js';
import { s } from '../text/style.js';
import { truncate, wrapWithPrefix } from '../text/text.js';
import type { CommandInfo } from './command.js';
import type { Transcript } from '../conversation/transcript.js';

const STATE_COLOR: Record<string, (text: string) => string> = {
  ready: s.green,
  starting: s.yellow,
  failed: s.red,
  crashed: s.red,
  disabled: s.gray,
  stopped: s.gray,
};

/** The lines `/mcp` shows for these servers. Pure. */
export function mcpLines(servers: readonly McpServerView[], cols: number): string[] {
  if (servers.length === 0) return ['no MCP servers configured (tack mcp add NAME -- COMMAND ARGS…, or .mcp.json in a trusted folder)'];
  const width = Math.max(...servers.map((x) => x.name.length));
  const lines = [s.bold(`MCP servers (${servers.length})`)];
  for (const server of servers) {
    const color = STATE_COLOR[server.state] ?? ((t: string) => t);
    const transport = server.via ? `${server.transport}→sse` : server.transport;
    const tools = server.state === 'ready' ? ` · ${server.tools.length} tool${server.tools.length === 1 ? '' : 's'}` : '';
    lines.push(`  ${s.bold(server.name.padEnd(width))}  ${transport.padEnd(9)} ${color(server.state)}${tools}`);
    if (server.reason) lines.push(...wrapWithPrefix(visible(server.reason), cols, '    ', '    ').map((l) => s.red(l)));
    if (server.toolNames.length > 0) lines.push(...wrapWithPrefix(server.toolNames.join(', '), cols, '    ', '    ').map((l) => s.gray(l)));
    if (server.state !== 'ready' && server.state !== 'disabled' && server.logTail.length > 0) {
      lines.push(s.gray(`    log ${server.logPath}:`));
      for (const line of server.logTail) lines.push(s.gray(truncate(`      ${visible(line)}`, cols)));
    }
  }
  lines.push(s.gray("  /mcp reconnect NAME restarts a server; logs are in each server's log file"));
  return lines;
}

export async function mcpCommand(session: Session, t: Transcript, args: string): Promise<void> {
  const mcp = session.mcp;
  const [verb, name] = args.split(/\s+/).filter(Boolean);
  if (!verb) {
    // like the first model call, a server still starting is given a few seconds, and the user is told
    const starting = startingNames(mcp?.servers() ?? []);
    if (starting.length > 0) t.notice(`waiting up to ${Math.round(session.config.mcp.startupWaitMs / 1000)} s for ${waitingWords(starting)}`);
    await mcp?.ready(session.config.mcp.startupWaitMs);
    t.push(mcpLines(mcp?.servers() ?? [], t.width));
    return;
  }
  if (verb !== 'reconnect' || !name) {
    t.error('/mcp takes no argument (list the servers) or reconnect NAME');
    return;
  }
  if (!mcp || !(await mcp.reconnect(name))) {
    t.error(`no enabled MCP server named "${visible(name)}"; /mcp lists them`);
    return;
  }
  const server = mcp.servers().find((x) => x.name === name)!;
  if (server.state === 'ready') t.notice(`reconnected ${name}: ${server.tools.length} tool${server.tools.length === 1 ? '' : 's'}`);
  else t.error(`${name} is ${server.state}${server.reason ? `: ${visible(server.reason)}` : ''}`);
}

/** `/mcp__server__prompt`: a command name only MCP prompts take. */
export function isPromptCommand(name: string): boolean {
  return name.startsWith('mcp__');
}

/** The ready servers' prompts for the `/` menu. */
export function promptMenuItems(session: Session): CommandInfo[] {
  return (session.mcp?.promptCommands() ?? []).map((p) => ({
    name: p.command,
    args: visible(promptUsage(p)) || undefined,
    description: visible(p.prompt.description ?? p.prompt.title ?? `a prompt of the MCP server ${p.server}`).slice(0, 200),
  }));
}

/** Fills in an MCP prompt and sends its text as the user's message. */
export async function mcpPrompt(session: Session, t: Transcript, cmd: { name: string; args: string }, send: (text: string) => void): Promise<void> {
  if (!session.mcp) {
    t.error(`unknown command /${cmd.name}: no MCP servers are configured`);
    return;
  }
  try {
    send(await session.mcp.expandPrompt(cmd.name, cmd.args));
  } catch (err) {
    t.error(visible(err instanceof Error ? err.message : String(err)));
  }
}

/** The ready servers' resources for the `@` menu. */
export function resourceMenuItems(session: Session): CompletionItem[] {
  return (session.mcp?.resourceMentions() ?? []).map((r) => ({
    label: visible(`@${r.server}:${r.uri}`),
    description: visible(r.name),
    insert: `@${r.server}:${r.uri}`,
  }));
}
