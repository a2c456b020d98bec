// Runs the built `bin/tack.js` as a user would: a child process in a temp project, a clean env.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const tackBin = join(repoRoot, 'bin', 'tack.js');

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A temp dir holding `files` (path -> content), plus an empty TACK_HOME beside it. */
export function makeProject(files: Record<string, string> = {}): { dir: string; home: string } {
  const base = mkdtempSync(join(tmpdir(), 'tack-cli-'));
  const dir = join(base, 'project');
  const home = join(base, 'home');
  mkdirSync(dir, { recursive: true });
  mkdirSync(home, { recursive: true });
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return { dir, home };
}

/** A project whose user settings (TACK_HOME/config.json, the user's own file) hold `settings`. */
export function projectWithSettings(settings: object = {}): { dir: string; home: string } {
  const p = makeProject();
  writeFileSync(join(p.home, 'config.json'), JSON.stringify(settings));
  return p;
}

/** The parent's env without anything that would point tack at a real server or key. */
export function cleanEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(OPENAI_|TACK_)/.test(key) || /KEY|TOKEN|SECRET/.test(key)) delete env[key];
  }
  return { ...env, TACK_HOME: home, HOME: join(home, '..'), NO_COLOR: '1', ...extra };
}

export interface SpawnOptions {
  cwd: string;
  home: string;
  env?: Record<string, string>;
  /** written to stdin, which is then closed; undefined closes stdin at once */
  input?: string;
  bin?: string;
}

export function spawnTack(args: string[], o: SpawnOptions): ChildProcess {
  const child = spawn(process.execPath, [o.bin ?? tackBin, ...args], { cwd: o.cwd, env: cleanEnv(o.home, o.env), stdio: 'pipe' });
  child.stdin!.end(o.input ?? '');
  return child;
}

export function collect(child: ChildProcess): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

export function runTack(args: string[], o: SpawnOptions): Promise<RunResult> {
  return collect(spawnTack(args, o));
}

/** A loopback port nothing listens on (bound, then released). */
export function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
