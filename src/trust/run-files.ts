// The commands a folder's own files would run (hooks in `.claude/settings.json` and
// `.tack/config.json`, stdio MCP servers in `.mcp.json` and `.tack/config.json`) and the workspace
// files those commands run: trust fingerprints them beside the file that names the command.
import { resolve } from 'node:path';
import { pinName, pinRuns, type Pin } from './run-pins.js';
import { runsOfArgv, runsOfLine, type Runs } from './runs.js';

/** What a command is read from: a project file's name under the trust root, and its text. */
interface CommandSource {
  rel: string;
  text: string;
}

export interface ProjectCommand {
  /** the project file that names it, relative to the root */
  from: string;
  /** in words: `the PostToolUse hook "sh scripts/fmt.sh"` */
  label: string;
  runs: Runs;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function hookCommands(hooks: unknown): { event: string; command: string }[] {
  const out: { event: string; command: string }[] = [];
  for (const [event, entries] of Object.entries(record(hooks))) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries) {
      const list = record(entry).hooks;
      if (!Array.isArray(list)) continue;
      for (const h of list) {
        const command = record(h).command;
        if (typeof command === 'string' && command.trim()) out.push({ event, command });
      }
    }
  }
  return out;
}

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** Every hook and stdio server command of one project file, with what it runs. */
function commandsOf(file: CommandSource, cwd: string, root: string): ProjectCommand[] {
  let data: Record<string, unknown>;
  try {
    data = record(JSON.parse(file.text));
  } catch {
    return [];
  }
  const ctx = { cwd, root };
  const out: ProjectCommand[] = [];
  const isSettings = file.rel.endsWith('.tack/config.json') || file.rel.endsWith('.claude/settings.json');
  if (isSettings) {
    for (const h of hookCommands(data.hooks)) {
      out.push({ from: file.rel, label: `the ${h.event} hook "${short(h.command)}"`, runs: runsOfLine(h.command, ctx) });
    }
  }
  if (isSettings || file.rel.endsWith('.mcp.json')) {
    for (const [name, raw] of Object.entries(record(data.mcpServers))) {
      const e = record(raw);
      if (typeof e.command !== 'string') continue;
      const args = Array.isArray(e.args) ? e.args.map(String) : [];
      const serverCwd = typeof e.cwd === 'string' ? resolve(cwd, e.cwd) : cwd;
      out.push({ from: file.rel, label: `the MCP server "${name}"`, runs: runsOfArgv([e.command, ...args], { cwd: serverCwd, root }) });
    }
  }
  return out;
}

/** The project's commands, from the files trust found. */
export function projectCommands(files: readonly CommandSource[], cwd: string, root: string): ProjectCommand[] {
  return files.flatMap((file) => commandsOf(file, cwd, root));
}

export interface RunPin extends Pin {
  /** relative to the root: the name trust keeps it under */
  rel: string;
  /** the commands that run it, in words */
  runBy: string[];
}

/** One pin per file or script the commands run, with who runs it. */
export function runPins(commands: readonly ProjectCommand[], root: string): RunPin[] {
  const byKey = new Map<string, RunPin>();
  for (const command of commands) {
    for (const pin of pinRuns(command.runs)) {
      const known = byKey.get(pin.key);
      if (known) known.runBy.push(command.label);
      else byKey.set(pin.key, { ...pin, rel: pinName(pin.key, root), runBy: [command.label] });
    }
  }
  return [...byKey.values()];
}
