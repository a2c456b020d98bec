// The slash commands: names, descriptions, and parsing of a typed command line.
import { parseSlash } from '../../session/input/slash.js';

export interface CommandInfo {
  name: string;
  args?: string;
  description: string;
  /** where a command from a file comes from (`.claude/commands`), shown in the menu */
  source?: string;
}

export const COMMANDS: CommandInfo[] = [
  { name: 'help', description: 'keys and commands' },
  { name: 'model', args: '[id]', description: "switch the model for the next turn (no id: pick from the server's list)" },
  { name: 'new', description: 'start a fresh conversation' },
  { name: 'resume', args: '[id]', description: 'continue an earlier session of this directory (no id: pick from a list)' },
  { name: 'compact', args: '[focus]', description: 'summarize the older part of the conversation now (focus: what the summary should keep)' },
  { name: 'thinking', args: '[off|low|medium|high]', description: 'how hard the model thinks, where it takes a reasoning effort (no level: show it)' },
  { name: 'session', description: 'session id, file and token totals' },
  { name: 'copy', description: 'copy the last answer to the clipboard' },
  { name: 'export', args: '[file]', description: 'write the conversation as Markdown (default: tack-<date>-<id>.md here)' },
  { name: 'init', args: '[notes]', description: 'have tack write an AGENTS.md for this repository (shown as a change to approve)' },
  { name: 'rewind', description: 'go back to before an earlier message: files, conversation or both (also: Esc twice)' },
  { name: 'undo', description: "undo the last prompt's changes to the files" },
  { name: 'mcp', args: '[reconnect <server>]', description: 'MCP servers: state, tools, errors, log tail; reconnect one' },
  { name: 'skills', description: 'the skills the model is told of, and where each comes from' },
  { name: 'hooks', description: 'the hooks that run, on which events, from which file' },
  { name: 'quit', description: 'leave tack' },
];

export interface ParsedCommand {
  name: string;
  args: string;
}

/** `/name args` → its parts; undefined for text that is not a command (`/` alone, `//x`, paths like `/tmp/x`). */
export function parseCommand(text: string): ParsedCommand | undefined {
  const parsed = parseSlash(text);
  return parsed && /^[A-Za-z]/.test(parsed.name) ? { name: parsed.name.toLowerCase(), args: parsed.args } : undefined;
}

export function findCommand(name: string): CommandInfo | undefined {
  return COMMANDS.find((c) => c.name === name);
}

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
  ['Ctrl+G', 'edit the input in $VISUAL / $EDITOR'],
  ['Ctrl+V, Alt+V', 'paste an image from the clipboard (wl-paste, xclip, pngpaste or PowerShell)'],
  ['Shift+Tab', 'approval mode: ask, auto-edit (edits run), yolo (nothing asks)'],
  ['@', 'complete a path'],
  ['!command', 'run a shell command here (sandboxed); its output joins the conversation'],
  ['?', 'these keys (on an empty input)'],
  ['/', 'commands'],
  ['Ctrl+A/E, Home/End', 'start / end of line'],
  ['Alt+B/F, Ctrl+Left/Right', 'word left / right'],
  ['Ctrl+W, Ctrl+U, Ctrl+K', 'delete word / to line start / to line end'],
];
