// Runs the hooks of one event side by side: each a shell command, the event as JSON on its stdin,
// the scrubbed environment plus TACK_PROJECT_DIR (and CLAUDE_PROJECT_DIR), killed with its process
// group at its timeout. Outside the sandbox: they are the user's own commands.
import { spawn } from 'node:child_process';
import type { HookSpec } from './sources.js';

export interface HookRun {
  spec: HookSpec;
  /** null when it was killed (timeout, abort) or could not start */
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface RunnerOptions {
  cwd: string;
  env: Record<string, string>;
  signal?: AbortSignal;
}

const OUTPUT_LIMIT = 256 * 1024;

function runOne(spec: HookSpec, input: string, o: RunnerOptions): Promise<HookRun> {
  return new Promise((resolve) => {
    const env = { ...o.env, TACK_PROJECT_DIR: o.cwd, CLAUDE_PROJECT_DIR: o.cwd };
    const child = spawn('/bin/sh', ['-c', spec.command], { cwd: o.cwd, env, stdio: 'pipe', detached: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, spec.timeoutSeconds * 1000);
    o.signal?.addEventListener('abort', kill, { once: true });
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < OUTPUT_LIMIT) stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < OUTPUT_LIMIT) stderr += d;
    });
    // a hook that does not read its stdin closes the pipe early: that is not a failure
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    const done = (code: number | null, extra = '') => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', kill);
      resolve({ spec, code, stdout, stderr: stderr + extra, timedOut });
    };
    child.on('error', (err) => done(null, err.message));
    child.on('close', (code) => done(timedOut ? null : code));
  });
}

/** Every hook of the list, at once; resolves when all are done. */
export function runHooks(specs: readonly HookSpec[], payload: Record<string, unknown>, o: RunnerOptions): Promise<HookRun[]> {
  const input = JSON.stringify(payload);
  return Promise.all(specs.map((spec) => runOne(spec, input, o)));
}
