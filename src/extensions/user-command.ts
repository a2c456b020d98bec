// A command of the user's own (a hook, the status line): `/bin/sh -c`, its input on stdin, its
// output kept up to a limit, killed with its whole process group at its timeout or on abort.
// Outside the sandbox: the user wrote it, in the user's own settings (a project's, once trusted).
import { spawn } from 'node:child_process';

export interface CommandRun {
  /** null when it was killed (timeout, abort) or could not start */
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface UserCommandOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
}

const OUTPUT_LIMIT = 256 * 1024;

export function runUserCommand(command: string, input: string, o: UserCommandOptions): { done: Promise<CommandRun>; kill(): void } {
  const child = spawn('/bin/sh', ['-c', command], { cwd: o.cwd, env: o.env, stdio: 'pipe', detached: true });
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  const done = new Promise<CommandRun>((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, o.timeoutMs);
    o.signal?.addEventListener('abort', kill, { once: true });
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < OUTPUT_LIMIT) stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < OUTPUT_LIMIT) stderr += d;
    });
    // a command that does not read its stdin closes the pipe early: that is not a failure
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    const finish = (code: number | null, extra = '') => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', kill);
      resolve({ code, stdout, stderr: stderr + extra, timedOut });
    };
    child.on('error', (err) => finish(null, err.message));
    child.on('close', (code) => finish(timedOut ? null : code));
  });
  return { done, kill };
}
