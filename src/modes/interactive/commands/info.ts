// The commands that show things: the keys and commands, the skills, the agents, the hooks, the MCP servers.
import { agentLines } from './agents-view.js';
import { showHooks, showSkills } from './extensions-view.js';
import { mcpCommand } from './mcp-view.js';
import { HelpPanel } from './panels/help-panel.js';
import { s } from '../text/style.js';
import { padEnd, wrapWithPrefix } from '../text/text.js';
import type { Command, CommandInfo } from './command.js';

export const HELP_KEYS: [string, string][] = [
  ['Enter', 'send; while tack works: steer (delivered after the running tools)'],
  ['Alt+Enter', 'queue a follow-up (delivered when tack is done)'],
  ['Shift+Enter, Ctrl+J, \\ Enter', 'new line'],
  ['Esc', 'interrupt and put queued messages back into the input'],
  ['Esc Esc (empty input)', 'rewind to before an earlier message (/rewind)'],
  ['Up (empty input)', 'take queued messages back; otherwise walk the history'],
  ['Ctrl+C', 'clear the input, or interrupt; twice on an empty input: quit'],
  ['Ctrl+D', 'quit (on an empty input)'],
  ['Ctrl+O', 'show tool output and thinking in full / as previews'],
  ['Ctrl+T', "show the model's todo list in full / folded to one line"],
  ['Ctrl+G', 'edit the input in $VISUAL / $EDITOR'],
  ['Ctrl+V, Alt+V', 'paste an image from the clipboard (wl-paste, xclip, pngpaste or PowerShell)'],
  ['Shift+Tab', 'approval mode, in turn: ask, auto-edit (edits run), yolo (nothing asks), plan (read-only until you approve a plan)'],
  ['@', 'complete a path'],
  ['!command', 'run a shell command here (sandboxed); its output joins the conversation'],
  ['?', 'these keys (on an empty input)'],
  ['/', 'commands'],
  ['Ctrl+A/E, Home/End', 'start / end of line'],
  ['Alt+B/F, Ctrl+Left/Right', 'word left / right'],
  ['Ctrl+W, Ctrl+U, Ctrl+K', 'delete word / to line start / to line end'],
];

/** What /help shows: the keys, then these commands. */
export function helpLines(commands: readonly CommandInfo[], cols: number): string[] {
  const keyWidth = Math.max(...HELP_KEYS.map(([k]) => k.length)) + 2;
  const cmdWidth = Math.max(...commands.map((c) => `/${c.name}${c.args ? ` ${c.args}` : ''}`.length)) + 2;
  const row = (left: string, right: string, w: number) => wrapWithPrefix(right, cols, `  ${padEnd(left, w)}`, ' '.repeat(w + 2));
  return [
    s.bold('Keys'),
    ...HELP_KEYS.flatMap(([k, d]) => row(k, d, keyWidth)),
    '',
    s.bold('Commands'),
    ...commands.flatMap((c) => row(`/${c.name}${c.args ? ` ${c.args}` : ''}`, c.description, cmdWidth)),
  ];
}

/** /help, listing the commands it is given when it runs (the list it is itself in). */
export function helpCommand(commands: () => readonly CommandInfo[]): Command {
  return {
    name: 'help',
    description: 'keys and commands',
    run(ctx) {
      new HelpPanel(ctx.input, (cols) => helpLines(commands(), cols)).open();
    },
  };
}

export const mcp: Command = {
  name: 'mcp',
  args: '[reconnect <server>]',
  description: 'MCP servers in a panel: state, tools, log; reconnect one',
  run: (ctx, args) => mcpCommand(ctx, args),
};

export const skills: Command = {
  name: 'skills',
  description: 'the skills the model is told of, and where each comes from',
  run: (ctx) => showSkills(ctx.session(), ctx.transcript),
};

export const hooks: Command = {
  name: 'hooks',
  description: 'the hooks that run, on which events, from which file',
  run: (ctx) => showHooks(ctx.session(), ctx.transcript),
};

export const agents: Command = {
  name: 'agents',
  description: 'the agents the model may hand a job (task tool), and where each comes from',
  run: (ctx) => ctx.transcript.push(agentLines(ctx.session(), ctx.transcript.width)),
};
