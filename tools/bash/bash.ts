// The `bash` tool: one command in the workspace, in the sandbox when one is on, killed with its group
// at its timeout or on abort; output streamed to the UI as it comes, or a background job started.
import { stat } from 'node:fs/promises';
import { Type, type Static } from 'typebox';
import type { AgentTool, AgentToolResult, AgentToolUpdateCallback } from '../../src/agent/types.js';
import { OutputCollector } from '../shell/output.js';
import type { ToolContext } from '../context.js';
import { Semaphore } from '../fs/mutex.js';
import { killCommand } from '../process/process-group.js';
import { listeningPorts } from '../process/listening.js';
import { outputDrained, startShell, type ShellOptions } from '../shell/spawn.js';
import { DEFAULT_WAIT_S, runInBackground } from './background.js';
import type { BashDetails } from './details.js';
import { Jobs } from '../jobs/jobs.js';
import { hitReadOnly, type ReadOnlyReason } from '../sandbox/sandbox.js';

export const DEFAULT_TIMEOUT_S = 120;
export const MAX_TIMEOUT_S = 600;
/** At most this often (4 per second) the UI gets the output so far. */
const UPDATE_INTERVAL_MS = 250;
/** Commands that only look may run side by side (the tool's `readOnly`); this many at once. */
const MAX_RUNNING = 8;
const running = new Semaphore(MAX_RUNNING);

const parameters = Type.Object({
  command: Type.String({ description: 'Shell command(s), run by bash in the workspace root' }),
  timeout: Type.Optional(
    Type.Number({
      minimum: 1,
      maximum: MAX_TIMEOUT_S,
      description: `Seconds before the command is killed (default ${DEFAULT_TIMEOUT_S}, at most ${MAX_TIMEOUT_S}); not for background jobs`,
    }),
  ),
  run_in_background: Type.Optional(
    Type.Boolean({ description: 'Start the command as a background job (a dev server, a watcher) and return at once with its job id' }),
  ),
  wait_for: Type.Optional(
    Type.String({
      description:
        'With run_in_background: return once the job is ready: a regular expression its output must match, or `port:N` for a local TCP port that must accept connections',
    }),
  ),
  wait_timeout: Type.Optional(Type.Number({ minimum: 1, maximum: MAX_TIMEOUT_S, description: `Seconds wait_for waits at most (default ${DEFAULT_WAIT_S})` })),
});

export interface BashOptions extends ShellOptions {
  /** where background jobs go; default: a table of this tool's own */
  jobs?: Jobs;
  /**
   * Whether a call (its arguments object, as the approval gate saw it) was let through without a
   * question because it only looks: the sandbox then lets it write nothing but /tmp. Without this,
   * every command runs in the writable sandbox.
   */
  unasked?: (params: object) => boolean;
}

const SANDBOX_NOTE =
  ' Commands run in a sandbox: only the workspace, /tmp and package caches are writable, and background ' + 'processes end when the command returns.';

export function createBashTool(context: Pick<ToolContext, 'cwd'>, options: BashOptions = {}): AgentTool<typeof parameters, BashDetails> {
  const jobs = options.jobs ?? new Jobs(context.cwd, options);
  return {
    name: 'bash',
    label: 'Bash',
    // a command may change anything: it waits for the batch's other calls (the Session judges each
    // command line and lets those that only look run side by side)
    readOnly: false,
    description:
      'Run a shell command with bash in the workspace root: builds, tests, git, package managers. ' +
      'stdin is closed, so interactive programs (editors, pagers, prompts, `git rebase -i`) cannot work. ' +
      'stdout and stderr come back merged; long output keeps its first and last lines, and the full output is ' +
      `saved to a file you can read or grep. A non-zero exit is an error. Timeout ${DEFAULT_TIMEOUT_S} s by default ` +
      `(timeout parameter, at most ${MAX_TIMEOUT_S}). The call returns when the shell exits, and what it left running ends ` +
      'with it: start servers and watchers with run_in_background (and wait_for their port or a line), then read them with ' +
      'job_output and end them with job_stop. ' +
      'To look at files use read, grep, find and ls rather than cat, grep or find.' +
      (options.sandbox ? SANDBOX_NOTE : ''),
    parameters,
    execute: (_id, params, signal, onUpdate) =>
      params.run_in_background
        ? runInBackground(jobs, params, signal, options.unasked?.(params) === true)
        : runCommand(context, options, params, signal, onUpdate),
  };
}

interface Ending {
  exitCode: number | null;
  signal?: string;
  stoppedBy?: 'timeout' | 'abort';
  spawnError?: string;
  /** ports it still listened on when its time was up: a server */
  listening?: number[];
  /** why the sandbox let it write nothing but /tmp, if it did */
  readOnly?: ReadOnlyReason;
}

async function runCommand(
  context: Pick<ToolContext, 'cwd'>,
  options: BashOptions,
  params: Static<typeof parameters>,
  signal?: AbortSignal,
  onUpdate?: AgentToolUpdateCallback<BashDetails>,
): Promise<AgentToolResult<BashDetails>> {
  const release = await running.acquire(signal);
  try {
    return await runAcquired(context, options, params, signal, onUpdate);
  } finally {
    release?.();
  }
}

async function runAcquired(
  context: Pick<ToolContext, 'cwd'>,
  options: BashOptions,
  params: Static<typeof parameters>,
  signal?: AbortSignal,
  onUpdate?: AgentToolUpdateCallback<BashDetails>,
): Promise<AgentToolResult<BashDetails>> {
  const started = Date.now();
  const timeoutS = params.timeout ?? DEFAULT_TIMEOUT_S;
  const output = new OutputCollector();
  const details = (ending: Partial<Ending>, extra: Partial<BashDetails> = {}): BashDetails => ({
    command: params.command,
    exitCode: ending.exitCode ?? null,
    ...(ending.signal ? { signal: ending.signal } : {}),
    timedOut: ending.stoppedBy === 'timeout',
    aborted: ending.stoppedBy === 'abort',
    truncated: false,
    durationMs: Date.now() - started,
    ...extra,
  });
  if (signal?.aborted) {
    return { content: [{ type: 'text', text: 'Aborted before the command started.' }], details: details({ stoppedBy: 'abort' }), isError: true };
  }
  if (!(await isDirectory(context.cwd))) {
    const text = `the workspace directory ${context.cwd} does not exist, so the command cannot run there`;
    return { content: [{ type: 'text', text }], details: details({}), isError: true };
  }

  let pendingUpdate: NodeJS.Timeout | undefined;
  let lastUpdate = 0;
  const scheduleUpdate = () => {
    if (!onUpdate || pendingUpdate) return;
    pendingUpdate = setTimeout(
      () => {
        pendingUpdate = undefined;
        lastUpdate = Date.now();
        onUpdate({ content: [{ type: 'text', text: output.preview() }], details: details({}, { truncated: output.truncated }) });
      },
      Math.max(0, lastUpdate + UPDATE_INTERVAL_MS - Date.now()),
    );
  };

  const unasked = options.unasked?.(params) === true;
  const ending = await spawnAndWait(context.cwd, options, params.command, unasked, timeoutS * 1000, signal, (chunk) => {
    output.push(chunk);
    scheduleUpdate();
  });
  clearTimeout(pendingUpdate);
  if (ending.spawnError) {
    return { content: [{ type: 'text', text: ending.spawnError }], details: details(ending), isError: true };
  }

  const collected = output.finish();
  let text = collected.text.replace(/\n+$/, '');
  const notes: string[] = [];
  if (ending.stoppedBy === 'timeout') notes.push(`[timed out after ${timeoutS} s; the command and its child processes were killed]`);
  else if (ending.stoppedBy === 'abort') notes.push('[aborted; the command and its child processes were killed]');
  else if (ending.signal) notes.push(`[killed by ${ending.signal}]`);
  else if (ending.exitCode !== 0) notes.push(`[exit code ${ending.exitCode}]`);
  if (ending.listening?.length) notes.push(serverHint(ending.listening));
  // a read-only run can fail to write and still exit 0 (git diff's external program): told either way
  const sandboxNote =
    ending.exitCode !== 0 || (ending.readOnly && hitReadOnly(collected.text))
      ? options.sandbox?.explain(collected.text, params.command, ending.readOnly)
      : undefined;
  if (sandboxNote) notes.push(sandboxNote);
  const disarmed = options.sandbox?.afterCommand();
  if (text === '' && notes.length === 0) text = '(no output)';
  // told, but not an error: the command itself did what it did
  text = [text, ...notes, disarmed].filter(Boolean).join('\n\n');
  return {
    content: [{ type: 'text', text }],
    details: details(ending, { truncated: collected.truncated, fullOutputPath: collected.fullOutputPath, totalLines: collected.lines }),
    isError: notes.length > 0,
  };
}

function serverHint(ports: number[]): string {
  const list = ports.join(', ');
  return (
    `[it was still listening on port${ports.length > 1 ? 's' : ''} ${list}: a server does not end by itself. ` +
    `Start it with run_in_background: true and wait_for: "port:${ports[0]}", then use job_output and job_stop]`
  );
}

function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
}

/**
 * Runs the command in its own process group and resolves when the shell has exited (not when the
 * pipe closes). On timeout or abort everything it started is killed (process-group.ts), and we
 * resolve only once it is gone.
 */
function spawnAndWait(
  cwd: string,
  options: BashOptions,
  command: string,
  unasked: boolean,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  onChunk: (chunk: Buffer) => void,
): Promise<Ending> {
  const { child, processes, done, readOnly } = startShell(cwd, options, command, unasked);
  child.stdout.on('data', onChunk);
  child.stderr.on('data', onChunk);

  return new Promise<Ending>((resolve) => {
    let stoppedBy: Ending['stoppedBy'];
    let killing: Promise<void> | undefined;
    let listening: number[] | undefined;
    const stop = (reason: 'timeout' | 'abort') => {
      if (stoppedBy || !processes) return;
      stoppedBy = reason;
      if (reason === 'timeout') listening = listeningPorts(processes);
      killing = killCommand(processes);
    };
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    const onAbort = () => stop('abort');
    signal?.addEventListener('abort', onAbort, { once: true });
    // an abort that came while the command was being started has no event left to fire
    if (signal?.aborted) stop('abort');
    const settle = (ending: Ending) => {
      done();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(ending);
    };

    child.once('error', (error) => {
      child.stdout.destroy();
      child.stderr.destroy();
      settle({ exitCode: null, spawnError: `could not run the command: ${error.message}` });
    });
    child.once('exit', async (exitCode, exitSignal) => {
      await outputDrained(child);
      child.stdout.destroy();
      child.stderr.destroy();
      await killing;
      settle({ exitCode, signal: exitSignal ?? undefined, stoppedBy, listening, readOnly });
    });
  });
}
