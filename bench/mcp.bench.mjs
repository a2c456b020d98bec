// MCP costs. (1) `tack --version` and (2) the first interactive screen with three stdio servers
// configured (the reference everything, memory and filesystem servers) against none: servers start
// in the background, so neither should wait for them. (3) One MCP tool call through tack's layer
// (McpConnection.call + result conversion, what the agent's tool runs) against the bare SDK client
// calling the same server: the median difference is tack's overhead. Figures, not assertions.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpManager } from '../dist/src/extensions/mcp/manager.js';
import { collectMcpServers } from '../dist/src/config/mcp-servers.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const CALLS = Number(process.env.BENCH_CALLS ?? 500);
const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'tack.js');
const pkg = (name) => join(root, 'node_modules', '@modelcontextprotocol', name, 'dist', 'index.js');
const testServer = join(root, 'test', 'support', 'mcp-test-server.mjs');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const base = mkdtempSync(join(tmpdir(), 'tack-bench-mcp-'));
const cwd = join(base, 'project');
mkdirSync(cwd, { recursive: true });
function home(name, servers) {
  const dir = join(base, name);
  mkdirSync(dir, { recursive: true });
  if (servers) writeFileSync(join(dir, 'config.json'), JSON.stringify({ mcpServers: servers }));
  return dir;
}
const none = home('none');
const three = home('three', {
  everything: { command: process.execPath, args: [pkg('server-everything'), 'stdio'] },
  memory: { command: process.execPath, args: [pkg('server-memory')], env: { MEMORY_FILE_PATH: join(base, 'memory.jsonl') } },
  files: { command: process.execPath, args: [pkg('server-filesystem'), cwd] },
});
const envFor = (h) => ({ PATH: process.env.PATH, HOME: base, TACK_HOME: h, TERM: 'xterm-256color', LANG: 'C.UTF-8' });

function wall(args, h) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: envFor(h), stdio: 'ignore' });
    child.on('close', () => resolve(performance.now() - started));
  });
}

async function version(h) {
  const xs = [];
  for (let i = 0; i < RUNS; i++) xs.push(await wall(['--version'], h));
  return median(xs);
}

/** Time from launching tack in a tmux pane to its first screen (the footer). */
async function firstScreen(h) {
  const xs = [];
  for (let i = 0; i < Math.min(RUNS, 7); i++) {
    // a tmux server of its own per run: no race with the last one shutting down
    const socket = `tack-bench-mcp-${process.pid}-${i}`;
    const tmux = (...args) => spawnSync('tmux', ['-L', socket, ...args], { env: envFor(h), encoding: 'utf8' });
    const started = performance.now();
    const made = tmux(
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-x',
      '120',
      '-y',
      '40',
      '-c',
      cwd,
      `${process.execPath} ${bin} --base-url http://127.0.0.1:9/v1 -m bench-model --no-session`,
    );
    for (;;) {
      const screen = tmux('capture-pane', '-p', '-t', '0').stdout ?? '';
      if (screen.includes('approvals:')) break;
      if (performance.now() - started > 15_000) throw new Error(`no first screen (${made.status} ${made.stderr}):\n${screen}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    xs.push(performance.now() - started);
    tmux('kill-server');
  }
  return median(xs);
}

async function callOverhead() {
  const spec = collectMcpServers([{ path: 'bench', servers: { t: { command: process.execPath, args: [testServer] } } }], cwd, process.env);
  const manager = new McpManager(spec, { home: join(base, 'calls'), baseEnv: { PATH: process.env.PATH }, version: 'bench' });
  manager.start();
  await manager.ready(30_000);
  const echo = manager.agentTools().find((t) => t.name === 'mcp__t__echo');
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [testServer], stderr: 'ignore' }));
  const time = async (fn) => {
    for (let i = 0; i < 50; i++) await fn();
    const xs = [];
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      await fn();
      xs.push(performance.now() - t0);
    }
    return median(xs);
  };
  // alternated, so a slow patch of the machine hits both
  const tack = [];
  const bare = [];
  for (let round = 0; round < 3; round++) {
    tack.push(await time(() => echo.execute('id', { message: 'hello' })));
    bare.push(await time(() => client.callTool({ name: 'echo', arguments: { message: 'hello' } })));
  }
  await client.close();
  await manager.close();
  return { tack: median(tack), bare: median(bare) };
}

const rows = [];
rows.push(['tack --version, no MCP servers', `${(await version(none)).toFixed(0)} ms`]);
rows.push(['tack --version, 3 stdio servers', `${(await version(three)).toFixed(0)} ms`]);
// alternated rounds, so a busy patch of the machine hits both
const screens = { none: [], three: [] };
for (let round = 0; round < 3; round++) {
  screens.none.push(await firstScreen(none));
  screens.three.push(await firstScreen(three));
}
rows.push(['first screen, no MCP servers', `${median(screens.none).toFixed(0)} ms`]);
rows.push(['first screen, 3 stdio servers', `${median(screens.three).toFixed(0)} ms`]);
const calls = await callOverhead();
rows.push(['echo call, bare SDK client (median)', `${calls.bare.toFixed(2)} ms`]);
rows.push(['echo call through tack (median)', `${calls.tack.toFixed(2)} ms`]);
rows.push(["tack's overhead per call", `${(calls.tack - calls.bare).toFixed(2)} ms`]);
const width = Math.max(...rows.map(([k]) => k.length));
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
console.log(`(medians: ${RUNS} runs of --version, up to 7 first screens, ${CALLS} calls x 3 rounds)`);
process.exit(0);
