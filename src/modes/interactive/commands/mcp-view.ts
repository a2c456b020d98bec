// `/mcp`: the servers in a panel (panels/mcp-panel.ts), once those still starting had their few seconds;
// `/mcp reconnect NAME` stops one and starts it again. What a server said is shown with its control
// characters visible.
import { promptUsage } from '../../../extensions/mcp/prompts.js';
import { startingNames, waitingWords } from '../../../extensions/mcp/starting.js';
import type { CompletionItem } from '../complete/completion.js';
import type { Session } from '../../../session/session.js';
import { visible } from '../../../text/terminal-text.js';
import type { CommandContext } from './command-context.js';
import { McpPanel } from './panels/mcp-panel.js';
import type { CommandInfo } from './command.js';
import type { Transcript } from '../conversation/transcript.js';

export async function mcpCommand(ctx: CommandContext, args: string): Promise<void> {
  const session = ctx.session();
  const t = ctx.transcript;
  const mcp = session.view().mcp;
  const [verb, name] = args.split(/\s+/).filter(Boolean);
  if (!verb) {
    // like the first model call, a server still starting is given a few seconds, and the user is told
    const starting = startingNames(mcp?.servers() ?? []);
    if (starting.length > 0) t.notice(`waiting up to ${Math.round(session.view().config.mcp.startupWaitMs / 1000)} s for ${waitingWords(starting)}`);
    await mcp?.ready(session.view().config.mcp.startupWaitMs);
    new McpPanel({
      input: ctx.input,
      servers: () => mcp?.servers() ?? [],
      reconnect: (server) => reconnect(session, server),
      watch: (changed) => mcp?.onChange(changed) ?? (() => {}),
    }).show();
    return;
  }
  if (verb !== 'reconnect' || !name) {
    t.error('/mcp takes no argument (the servers, in a panel) or reconnect NAME');
    return;
  }
  const said = await reconnect(session, name);
  if (said.startsWith('reconnected')) t.notice(said);
  else t.error(said);
}

/** Restarts one server; what came of it, in a sentence. */
async function reconnect(session: Session, name: string): Promise<string> {
  const mcp = session.view().mcp;
  if (!mcp || !(await session.submit({ type: 'mcp_reconnect', server: name }))) return `no enabled MCP server named "${visible(name)}"; /mcp lists them`;
  const server = mcp.servers().find((x) => x.name === name)!;
  if (server.state === 'ready') return `reconnected ${visible(name)}: ${server.tools.length} tool${server.tools.length === 1 ? '' : 's'}`;
  return `${visible(name)} is ${server.state}${server.reason ? `: ${visible(server.reason)}` : ''}`;
}

/** `/mcp__server__prompt`: a command name only MCP prompts take. */
export function isPromptCommand(name: string): boolean {
  return name.startsWith('mcp__');
}

/** The ready servers' prompts for the `/` menu. */
export function promptMenuItems(session: Session): CommandInfo[] {
  return (session.view().mcp?.promptCommands() ?? []).map((p) => ({
    name: p.command,
    args: visible(promptUsage(p)) || undefined,
    description: visible(p.prompt.description ?? p.prompt.title ?? `a prompt of the MCP server ${p.server}`).slice(0, 200),
  }));
}

/** Fills in an MCP prompt and sends its text as the user's message. */
export async function mcpPrompt(session: Session, t: Transcript, cmd: { name: string; args: string }, send: (text: string) => void): Promise<void> {
  if (!session.view().mcp) {
    t.error(`unknown command /${cmd.name}: no MCP servers are configured`);
    return;
  }
  try {
    send(await session.submit({ type: 'mcp_prompt', command: cmd.name, args: cmd.args }));
  } catch (err) {
    t.error(visible(err instanceof Error ? err.message : String(err)));
  }
}

/** The ready servers' resources for the `@` menu. */
export function resourceMenuItems(session: Session): CompletionItem[] {
  return (session.view().mcp?.resourceMentions() ?? []).map((r) => ({
    label: visible(`@${r.server}:${r.uri}`),
    description: visible(r.name),
    insert: `@${r.server}:${r.uri}`,
  }));
}
