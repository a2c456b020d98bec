// Runs the status line's command once: the session as JSON on its stdin, its first lines back with
// their colours (every other escape removed), killed with its process group when it takes too long.
// Outside the sandbox, as hooks run: it is the user's own command, from the user's own settings.
import { spawn } from 'node:child_process';
import { keepColours, stripControls } from '../text/terminal-text.js';

export type StatusOutcome = { lines: string[] } | { error: string };

/** Lines of the output shown, at most (Claude Code shows as many; three keep the input in view). */
export const STATUS_LINES = 3;
const OUTPUT_LIMIT = 64 * 1024;

export interface StatusRunOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
}

/** The line's colours, closed at its end so none runs on into what is drawn after it. */
function closeColours(line: string): string {
  const kept = keepColours(line);
  return kept.includes('\x1b') ? `${kept}\x1b[0m` : kept;
}

export function runStatusCommand(command: string, input: string, o: StatusRunOptions): { done: Promise<StatusOutcome>; kill(): void } {
  const child = spawn('/bin/sh', ['-c', command], { cwd: o.cwd, env: o.env, stdio: 'pipe', detached: true });
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  const done = new Promise<StatusOutcome>((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, o.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < OUTPUT_LIMIT) stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < OUTPUT_LIMIT) stderr += d;
    });
    // a command that never reads its stdin closes the pipe early: not a failure
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    const finish = (outcome: StatusOutcome) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    child.on('error', (err) => finish({ error: `it could not start (${err.message})` }));
    child.on('close', (code) => {
      if (timedOut) return finish({ error: `it took longer than ${o.timeoutMs / 1000} s and was stopped` });
      if (code !== 0) {
        const why = stripControls(stderr).trim().split('\n')[0]?.slice(0, 200);
        return finish({ error: `it exited with status ${code}${why ? `: ${why}` : ''}` });
      }
      const lines = stdout.replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n');
      finish({ lines: lines[0] === '' && lines.length === 1 ? [] : lines.slice(0, STATUS_LINES).map(closeColours) });
    });
  });
  return { done, kill };
}
