// Runs the status line's command once (as hooks run, user-command.ts): the session as JSON on its
// stdin, its first lines back with their colours, every other escape removed.
import { runUserCommand } from './user-command.js';
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
  const run = runUserCommand(command, input, o);
  const done = run.done.then((r): StatusOutcome => {
    if (r.timedOut) return { error: `it took longer than ${o.timeoutMs / 1000} s and was stopped` };
    if (r.code === null) return { error: `it could not start (${stripControls(r.stderr).trim()})` };
    if (r.code !== 0) {
      const why = stripControls(r.stderr).trim().split('\n')[0]?.slice(0, 200);
      return { error: `it exited with status ${r.code}${why ? `: ${why}` : ''}` };
    }
    const lines = r.stdout.slice(0, OUTPUT_LIMIT).replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n');
    return { lines: lines[0] === '' && lines.length === 1 ? [] : lines.slice(0, STATUS_LINES).map(closeColours) };
  });
  return { done, kill: run.kill };
}
