// Runs the hooks of one event side by side: each a shell command, the event as JSON on its stdin,
// the scrubbed environment plus TACK_PROJECT_DIR (and CLAUDE_PROJECT_DIR), killed with its process
// group at its timeout. Outside the sandbox: they are the user's own commands.
import { runUserCommand } from '../user-command.js';
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

async function runOne(spec: HookSpec, input: string, o: RunnerOptions): Promise<HookRun> {
  const env = { ...o.env, TACK_PROJECT_DIR: o.cwd, CLAUDE_PROJECT_DIR: o.cwd };
  const run = await runUserCommand(spec.command, input, { cwd: o.cwd, env, timeoutMs: spec.timeoutSeconds * 1000, signal: o.signal }).done;
  return { spec, ...run };
}

/** Every hook of the list, at once; resolves when all are done. */
export function runHooks(specs: readonly HookSpec[], payload: Record<string, unknown>, o: RunnerOptions): Promise<HookRun[]> {
  const input = JSON.stringify(payload);
  return Promise.all(specs.map((spec) => runOne(spec, input, o)));
}
