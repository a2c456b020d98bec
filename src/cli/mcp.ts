// `tack mcp list|get|add|remove`: the same words as `claude mcp`. `list` connects to every server
// and says how each one is, and from which scope; the others only read or write the settings files.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command } from 'commander';
import { parseWords, tackStyle } from '../config/subcommand.js';
import { UsageError } from '../config/errors.js';
import { loadConfigFiles } from '../config/files.js';
import { checkEntry, collectMcpServers, type McpServerSpec } from '../config/mcp-servers.js';
import { packageVersion, tackHome } from '../config/paths.js';
import { expandHome } from '../../tools/fs/paths.js';
import { mcpSources } from '../config/resolve.js';
import { toolEnv } from '../../tools/sandbox/env.js';
import { MESSAGE_LIMIT, stripControls, visible } from '../text/terminal-text.js';
import { MCP_SCOPES, mcpScopeFiles, type McpScope } from '../config/mcp-scopes.js';
import { addServer, hasServer, removeServer } from '../extensions/mcp/config-edit.js';

interface Where {
  cwd: string;
  home: string;
  files: Record<McpScope, string>;
}

function where(cwd: string | undefined, env: NodeJS.ProcessEnv): Where {
  const dir = resolve(expandHome(cwd ?? process.cwd()));
  const home = tackHome(env);
  return { cwd: dir, home, files: mcpScopeFiles(home, dir) };
}

const SCOPE_WORDS: Record<McpScope, string> = {
  local: 'yours, this project only',
  project: "the repository's .mcp.json, shared",
  user: 'yours, every project',
};

/** The scope a server's file is: a project's `.tack/config.json` counts as the project's. */
function scopeOf(w: Where, source: string): McpScope {
  return source === w.files.local ? 'local' : source === w.files.user ? 'user' : 'project';
}

/** The one scope `-s` (or its old alias `--project`) names; `local` when neither is given, as Claude Code. */
function chosenScope(o: { scope?: string; project?: boolean }): McpScope | undefined {
  if (o.scope !== undefined && !(MCP_SCOPES as readonly string[]).includes(o.scope)) {
    throw new UsageError(`--scope takes local, project or user, not "${o.scope}"`);
  }
  if (o.project && o.scope !== undefined && o.scope !== 'project') throw new UsageError(`--project is -s project; it cannot go with -s ${o.scope}`);
  return o.project ? 'project' : (o.scope as McpScope | undefined);
}

/** The servers a run here would have; an untrusted folder's own files are left out, and said so. */
async function configuredServers(w: Where, env: NodeJS.ProcessEnv): Promise<McpServerSpec[]> {
  const { assessTrust, ignoredNotice } = await import('../trust/index.js');
  const a = assessTrust(w.cwd, w.home);
  const applyProject = a.status === 'none' || a.status === 'trusted';
  if (!applyProject) say(ignoredNotice(a));
  return collectMcpServers(mcpSources(loadConfigFiles(w.cwd, w.home, applyProject), w.cwd, w.home, applyProject, []), w.cwd, env);
}

function describeTarget(s: McpServerSpec): string {
  return visible(s.transport === 'stdio' ? [s.command, ...s.args].join(' ') : s.url);
}

// A server's words are noise to strip; names, commands and paths from a settings file are shown.
const say = (message: string) => process.stderr.write(`tack: ${stripControls(message, { maxChars: MESSAGE_LIMIT })}\n`);

async function list(w: Where, env: NodeJS.ProcessEnv): Promise<number> {
  const specs = await configuredServers(w, env);
  if (specs.length === 0) {
    process.stdout.write(`no MCP servers configured (add one with: tack mcp add NAME -- COMMAND ARGS…)\n`);
    return 0;
  }
  const { McpManager } = await import('../extensions/mcp/manager.js');
  const manager = new McpManager(specs, { home: w.home, baseEnv: toolEnv(env), version: packageVersion(), notify: say });
  manager.start();
  await manager.ready(Math.max(...specs.map((s) => s.timeoutMs)));
  const width = Math.max(...specs.map((s) => s.name.length));
  const scopes = new Map(specs.map((s) => [s.name, scopeOf(w, s.source)]));
  for (const s of manager.servers()) {
    const transport = s.via ? `${s.transport}→sse` : s.transport;
    const reason = s.reason ? `: ${stripControls(s.reason, { maxChars: MESSAGE_LIMIT }).replace(/\s*\n\s*/g, ' ')}` : '';
    const state = s.state === 'ready' ? `ready, ${s.tools.length} tool${s.tools.length === 1 ? '' : 's'}` : `${s.state}${reason}`;
    process.stdout.write(`${visible(s.name).padEnd(width)}  ${(scopes.get(s.name) ?? 'project').padEnd(7)}  ${transport.padEnd(5)}  ${state}\n`);
  }
  await manager.close();
  return 0;
}

async function get(w: Where, env: NodeJS.ProcessEnv, name: string): Promise<number> {
  const spec = (await configuredServers(w, env)).find((s) => s.name === name);
  if (!spec) throw new UsageError(`no MCP server named "${name}" here (tack mcp list shows them)`);
  const lines = [
    `${visible(spec.name)}:`,
    `  scope: ${scopeOf(w, spec.source)} (${SCOPE_WORDS[scopeOf(w, spec.source)]})`,
    `  from: ${visible(spec.source)}`,
    `  transport: ${spec.transport}`,
  ];
  if (spec.transport === 'stdio') {
    lines.push(`  command: ${describeTarget(spec)}`);
    if (spec.cwd) lines.push(`  cwd: ${visible(spec.cwd)}`);
    const keys = Object.keys(spec.env).map(visible);
    if (keys.length > 0) lines.push(`  env: ${keys.join(', ')} (values not shown)`);
  } else {
    lines.push(`  url: ${describeTarget(spec)}`);
    const keys = Object.keys(spec.headers).map(visible);
    if (keys.length > 0) lines.push(`  headers: ${keys.join(', ')} (values not shown)`);
  }
  lines.push(`  timeout: ${spec.timeoutMs / 1000} s per call`);
  if (spec.disabled) lines.push('  disabled');
  if (spec.problem) lines.push(`  problem: ${visible(spec.problem)}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

function pairs(values: string[] | undefined, sep: RegExp, what: string): Record<string, string> | undefined {
  if (!values || values.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const v of values) {
    const m = sep.exec(v);
    if (!m || m.index === 0) throw new UsageError(`${what} "${v}" is not understood; write ${what === '-e' ? 'KEY=value' : '"Name: value"'}`);
    out[v.slice(0, m.index).trim()] = v.slice(m.index + m[0].length);
  }
  return out;
}

interface AddOptions {
  transport: string;
  scope?: string;
  project?: boolean;
  env?: string[];
  header?: string[];
  timeout?: string;
}

async function add(w: Where, name: string, rest: string[], o: AddOptions): Promise<number> {
  const entry: Record<string, unknown> = {};
  if (rest[0] === '--') rest = rest.slice(1);
  if (o.transport === 'stdio') {
    if (rest.length === 0) throw new UsageError('tack mcp add needs the command: tack mcp add NAME -- COMMAND ARGS…');
    entry.command = rest[0];
    if (rest.length > 1) entry.args = rest.slice(1);
    const vars = pairs(o.env, /=/, '-e');
    if (vars) entry.env = vars;
    if (o.header) throw new UsageError('--header is for remote servers (--transport http or sse)');
  } else {
    if (rest.length !== 1) throw new UsageError(`tack mcp add --transport ${o.transport} needs one URL: tack mcp add --transport ${o.transport} NAME URL`);
    entry.type = o.transport;
    entry.url = rest[0];
    const headers = pairs(o.header, /:\s*/, '--header');
    if (headers) entry.headers = headers;
    if (o.env) throw new UsageError("-e sets a stdio server's environment; a remote server takes --header");
  }
  if (o.timeout !== undefined) entry.timeout = Number(o.timeout);
  const scope = chosenScope(o) ?? 'local';
  const file = w.files[scope];
  checkEntry(name, entry, file, w.cwd, {});
  const before = scope === 'project' && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const replaced = addServer(file, name, entry, scope === 'project' ? 0o644 : 0o600);
  if (scope === 'project') {
    // the user wrote it themselves: a folder they trust stays trusted with it, and with nothing else
    const { assessTrust, repinAfterOwnWrite } = await import('../trust/index.js');
    if (assessTrust(w.cwd, w.home).record) repinAfterOwnWrite(w.cwd, w.home, file, before);
  }
  process.stdout.write(`${replaced ? 'replaced' : 'added'} the MCP server "${name}" (${scope} scope: ${SCOPE_WORDS[scope]}) in ${file}\n`);
  return 0;
}

function remove(w: Where, name: string, o: { scope?: string; project?: boolean }): number {
  const asked = chosenScope(o);
  const scopes = asked ? [asked] : MCP_SCOPES.filter((s) => hasServer(w.files[s], name));
  if (scopes.length > 1) {
    const places = scopes.map((s) => `${s} (${w.files[s]})`).join(' and ');
    throw new UsageError(`the MCP server "${name}" is in ${places}; say which with -s ${scopes.join('|')}`);
  }
  const scope = scopes[0];
  if (scope && removeServer(w.files[scope], name, scope === 'project' ? 0o644 : 0o600)) {
    process.stdout.write(`removed the MCP server "${name}" from ${scope} scope (${w.files[scope]})\n`);
    return 0;
  }
  const looked = (asked ? [asked] : MCP_SCOPES).map((s) => `${s} (${w.files[s]})`).join(', ');
  throw new UsageError(`no MCP server named "${name}" in ${looked}`);
}

function program(): Command {
  const base = tackStyle;
  const root = base(new Command('tack mcp').description("Configure and check MCP servers (their tools become tack's tools)."));
  root.option('-C, --cwd <dir>', 'the project folder (default: the current directory)');
  base(root.command('list').description('connect to every configured server and show its state and tool count'));
  base(root.command('get').description("show one server's settings").argument('<name>'));
  base(
    root
      .command('add')
      .description('add a server: tack mcp add NAME -- COMMAND ARGS…, or tack mcp add --transport http NAME URL')
      .argument('<name>')
      .argument('[commandOrUrl...]', 'the command and its arguments (after --), or the URL')
      .option('-t, --transport <kind>', 'stdio, http or sse', 'stdio')
      .option('-s, --scope <scope>', "local (default: yours, this project only), project (the repository's .mcp.json) or user (yours, every project)")
      .option('--project', 'the same as -s project')
      .option('-e, --env <KEY=value>', 'an environment variable for a stdio server (repeatable)', (v, p: string[] = []) => [...p, v])
      .option('-H, --header <"Name: value">', 'an HTTP header for a remote server (repeatable)', (v, p: string[] = []) => [...p, v])
      .option('--timeout <ms>', 'per-call timeout in milliseconds (default 60000)')
      .showHelpAfterError("(a server's command and its arguments go after --: tack mcp add NAME -- COMMAND ARGS…)"),
  );
  base(
    root
      .command('remove')
      .description('remove a server from the one scope that has it (or the one -s names)')
      .argument('<name>')
      .option('-s, --scope <scope>', 'local, project or user')
      .option('--project', 'the same as -s project'),
  );
  return root;
}

/** Runs `tack mcp …`; returns the exit code. */
export async function runMcpCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const root = program();
  let action: Promise<number> | undefined;
  const w = () => where(root.opts<{ cwd?: string }>().cwd, env);
  const sub = (n: string) => root.commands.find((c) => c.name() === n)!;
  sub('list').action(() => {
    action = list(w(), env);
  });
  sub('get').action((name: string) => {
    action = get(w(), env, name);
  });
  sub('add').action((name: string, rest: string[], o: AddOptions) => {
    if (!['stdio', 'http', 'sse'].includes(o.transport)) throw new UsageError(`--transport takes stdio, http or sse, not "${o.transport}"`);
    action = add(w(), name, rest, o);
  });
  sub('remove').action((name: string, o: { scope?: string; project?: boolean }) => {
    action = Promise.resolve(remove(w(), name, o));
  });
  const ended = parseWords(root, args);
  if (ended !== undefined) return ended;
  if (!action) {
    root.outputHelp();
    return args.length === 0 ? 0 : 2;
  }
  return action;
}
