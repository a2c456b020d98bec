// MCP servers for the tests: the real reference servers and tack's own test server, run over stdio
// with `node` from node_modules (never downloaded), and a project whose user settings name them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeProject, repoRoot } from './cli.js';
import type { RecordedRequest, Turn } from './mock-openai-server.js';

const bin = (pkg: string) => join(repoRoot, 'node_modules', '@modelcontextprotocol', pkg, 'dist', 'index.js');

export const EVERYTHING = { command: process.execPath, args: [bin('server-everything'), 'stdio'] };
export const MEMORY = { command: process.execPath, args: [bin('server-memory')] };
export const filesystem = (dir: string) => ({ command: process.execPath, args: [bin('server-filesystem'), dir] });
export const TEST_SERVER_PATH = join(repoRoot, 'test', 'support', 'mcp-test-server.mjs');
export const TEST_SERVER = { command: process.execPath, args: [TEST_SERVER_PATH] };

/** Starts the test server in an HTTP mode (`--http`, `--sse`, `--oauth`, …), kept in `children` for the caller to end; resolves with its base URL. */
export function startHttpTestServer(children: ChildProcess[], ...flags: string[]): Promise<string> {
  const child = spawn(process.execPath, [TEST_SERVER_PATH, ...flags], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    child.on('exit', (code) => reject(new Error(`the test server exited (${code})`)));
  });
}

/**
 * The first model call waits this long for servers still starting: ample, so a busy machine never
 * decides a test (the wait ends as soon as every server is ready or failed).
 */
export const PATIENT = { startupWaitSeconds: 30 };

/** A project and a TACK_HOME whose config.json holds `settings` (mcpServers, permissions, …). */
export function mcpProject(settings: { mcp?: object } & Record<string, unknown>, files: Record<string, string> = {}): { dir: string; home: string } {
  const p = makeProject(files);
  mkdirSync(p.home, { recursive: true });
  writeFileSync(join(p.home, 'config.json'), JSON.stringify({ ...settings, mcp: { ...PATIENT, ...settings.mcp } }, null, 2));
  return p;
}

export const callTool = (name: string, args: Record<string, unknown> = {}): Turn => ({ toolCalls: [{ name, arguments: args }] });

/** The tool names a request offered the model. */
export const offeredTools = (request: RecordedRequest): string[] => (request.body.tools ?? []).map((t: any) => t.function.name);
