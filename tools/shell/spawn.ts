// How a command is started, the one way for a foreground call and a background job alike: bash in
// the sandbox when there is one (its own pid namespace, ended with tack), in a process group of its
// own, carrying the marker the reaper finds its processes by, stdin closed, stderr merged into stdout.
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { MARKER_VAR, trackCommand, type CommandProcesses } from '../process/process-group.js';
import { commandMarker, spareMarker } from '../process/reaper.js';
import { toolEnv } from '../sandbox/env.js';
import type { ReadOnlyReason, Sandbox } from '../sandbox/sandbox.js';
import { findExecutable } from '../process/which.js';

/** Nothing the command starts may wait for a person: no pager, no prompt, no editor, no colours. */
const QUIET_ENV = {
  TERM: 'dumb',
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  GIT_TERMINAL_PROMPT: '0',
  GIT_EDITOR: 'true',
};

export interface ShellOptions {
  /** the environment commands get; default: this process's, without credentials (env.ts) */
  env?: Record<string, string>;
  /** run every command inside this sandbox */
  sandbox?: Sandbox;
}

export interface StartedShell {
  child: ReturnType<typeof spawnChild>;
  /** undefined when the shell could not be started (the child's `error` event says why) */
  processes: CommandProcesses | undefined;
  /** once the command has ended: no longer reaped with tack, the sandbox's placeholders released */
  done(): void;
  /** the user keeps it running after tack: neither tack's exit nor its reaper ends it (`mayOutlive` only) */
  outlive(): void;
  /** why the sandbox mounted everything but /tmp read-only for it, if it did */
  readOnly?: ReadOnlyReason;
}

function shell(): string {
  return findExecutable('bash') ?? findExecutable('sh') ?? '/bin/sh';
}

/**
 * `unasked`: nobody was asked about this command, so the sandbox lets it write nothing but /tmp.
 * `mayOutlive`: a background job, which the user may keep running after tack (`outlive`).
 */
export function startShell(cwd: string, options: ShellOptions, command: string, unasked = false, mayOutlive = false): StartedShell {
  // `exec 2>&1` first: stderr joins stdout in one pipe, so the two stay in the order they were written.
  const argv = ['-c', `exec 2>&1; ${command}`];
  // before the command starts: the watcher that ends it if tack is killed runs from now on
  const marker = commandMarker();
  const { file, args, release, readOnly } = options.sandbox
    ? options.sandbox.wrap(shell(), argv, unasked, false, mayOutlive)
    : { file: shell(), args: argv, release: () => {} };
  const child = spawnChild(file, args, cwd, { ...(options.env ?? toolEnv(process.env)), ...options.sandbox?.env, ...QUIET_ENV, [MARKER_VAR]: marker });
  const processes = child.pid === undefined ? undefined : { pid: child.pid, marker };
  const untrack = processes ? trackCommand(processes) : () => false;
  return {
    child,
    processes,
    readOnly,
    done: () => {
      release();
      untrack();
    },
    // its placeholders stay, as a killed tack leaves them: the command still runs with them mounted
    outlive: () => {
      untrack();
      spareMarker(marker);
    },
  };
}

/** Node's own spawn: the output is read as it comes, as Buffers; the shell leads a process group of its own. */
function spawnChild(file: string, args: string[], cwd: string, env: Record<string, string>) {
  return spawn(file, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
}

/**
 * Once the shell has exited, output still in the pipes gets this long of quiet to arrive, and at
 * most DRAIN_CAP_MS in all. A background child (`server &`) keeps them open forever, so their
 * closing cannot be waited for; a burst still being read (a loaded machine) is not cut off.
 */
const DRAIN_MS = 100;
const DRAIN_CAP_MS = 2000;
/** With every writer ended, a burst still being read when the cap passes is read on, up to this. */
const DRAIN_LIMIT_MS = 5 * DRAIN_CAP_MS;

/**
 * Resolves once the shell's output pipes have closed, or once they have been quiet for DRAIN_MS
 * (DRAIN_CAP_MS at most): its exit can come before the last of what it printed has been read.
 * `writersGone`: everything that could write to them has been ended, so they close once read dry,
 * however long a loaded machine takes to read them (DRAIN_CAP_MS, or while they still give, DRAIN_LIMIT_MS).
 * A starved event loop runs its due timers before it reads what waits in the pipes: a timer's "quiet"
 * counts only once the reads that follow it heard nothing.
 */
export function outputDrained(child: { stdout: Readable; stderr: Readable }, writersGone = false): Promise<void> {
  const streams = [child.stdout, child.stderr].filter((stream) => !stream.closed);
  if (streams.length === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let chunks = 0;
    let open = streams.length;
    let timer: NodeJS.Timeout | undefined;
    let check: NodeJS.Immediate | undefined;
    const done = () => {
      clearTimeout(timer);
      clearTimeout(limit);
      clearImmediate(check);
      clearImmediate(last);
      for (const stream of streams) stream.off('data', heard);
      resolve();
    };
    /** `done` once `ms` have passed and the reads that follow heard nothing; if they did, the same after DRAIN_MS. */
    const quietFor = (ms: number) => {
      clearTimeout(timer);
      clearImmediate(check);
      timer = setTimeout(() => {
        const before = chunks;
        check = setImmediate(() => (chunks === before ? done() : quietFor(DRAIN_MS)));
      }, ms);
    };
    const heard = () => {
      chunks++;
      if (!writersGone) quietFor(DRAIN_MS);
    };
    // the reads that wait behind the limit get their turn, then it ends however much is still coming
    let last: NodeJS.Immediate | undefined;
    const limit = setTimeout(() => (last = setImmediate(done)), writersGone ? DRAIN_LIMIT_MS : DRAIN_CAP_MS);
    for (const stream of streams) {
      stream.on('data', heard);
      stream.once('close', () => {
        if (--open === 0) done();
      });
    }
    quietFor(writersGone ? DRAIN_CAP_MS : DRAIN_MS);
  });
}
