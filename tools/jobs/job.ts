// One background job: a command started as a foreground one is (bash/spawn.ts: the sandbox, its own
// pid namespace, a process group, the reaper), that keeps running after the call returns. Its output
// goes to a capped file tack removes (spill-file.ts); the job ends with its shell, and what the shell
// left running ends with it, so an exit means the whole job is gone.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { killCommand } from '../process/process-group.js';
import { ownTempDir } from '../process/own-temp.js';
import { SpillFile } from '../process/spill-file.js';
import { cleanTerminalText } from '../shell/output.js';
import type { Readable } from 'node:stream';
import { outputDrained, startShell, type ShellOptions, type StartedShell } from '../shell/spawn.js';

/** What a job's file keeps of its output's beginning, and of its end (the end also in memory). */
export const JOB_LOG_HALF_BYTES = 1024 * 1024;
/** The stray processes of a job whose shell has exited get this long after SIGTERM. */
const STRAY_GRACE_MS = 500;

export type JobState = 'running' | 'exited' | 'stopped';

/** A job as the Session, the app and the programs see it. */
export interface JobInfo {
  id: number;
  command: string;
  state: JobState;
  startedAt: number;
  endedAt?: number;
  /** null when it was ended by a signal, or stopped */
  exitCode?: number | null;
  signal?: string;
  /** the last line it printed (terminal escapes removed), '' before any */
  lastLine: string;
  /** bytes printed so far */
  bytes: number;
}

export interface JobEnding {
  exitCode: number | null;
  signal?: string;
  /** could not be started at all */
  spawnError?: string;
  /** a note from the sandbox: a repository the job made was disarmed */
  note?: string;
}

export class Job {
  state: JobState = 'running';
  readonly startedAt = Date.now();
  endedAt: number | undefined;
  ending: JobEnding | undefined;
  /** its exit was already told to the model (a tool said so): no note follows */
  told = false;
  readonly log: SpillFile;
  readonly ended: Promise<JobEnding>;
  private readonly decoder = new StringDecoder('utf8');
  /** the end of the output, for the last lines */
  private recent = '';
  private readonly listeners = new Set<(chunk: Buffer) => void>();
  private stopping: Promise<void> | undefined;
  private readonly processes: StartedShell['processes'];
  private readonly shell: StartedShell;
  /** the user keeps it running after tack: its output goes to another reader */
  kept = false;

  constructor(
    readonly id: number,
    readonly command: string,
    cwd: string,
    options: ShellOptions,
    unasked = false,
  ) {
    this.log = new SpillFile(join(ownTempDir('output'), `job-${id}-${randomUUID()}.log`), JOB_LOG_HALF_BYTES);
    this.shell = startShell(cwd, options, command, unasked, true);
    const { child, processes, done } = this.shell;
    this.processes = processes;
    const onChunk = (chunk: Buffer) => {
      this.log.write(chunk);
      this.recent = (this.recent + this.decoder.write(chunk)).slice(-8192);
      for (const listener of this.listeners) listener(chunk);
    };
    child.stdout.on('data', onChunk);
    child.stderr.on('data', onChunk);
    this.ended = new Promise<JobEnding>((resolve) => {
      const finish = (ending: JobEnding) => {
        done();
        child.stdout.destroy();
        child.stderr.destroy();
        this.endedAt = Date.now();
        if (this.state === 'running') this.state = 'exited';
        this.ending = { ...ending, note: options.sandbox?.afterCommand() };
        resolve(this.ending);
      };
      child.once('error', (error) => finish({ exitCode: null, spawnError: `could not run the command: ${error.message}` }));
      child.once('exit', async (exitCode, signal) => {
        // what the shell left behind (`server &`) is part of the job and ends with it
        if (processes) await (this.stopping ?? killCommand(processes, STRAY_GRACE_MS));
        await outputDrained(child, processes !== undefined);
        finish({ exitCode: this.state === 'stopped' ? null : exitCode, signal: signal ?? undefined });
      });
    });
  }

  /** Called with each chunk of output from now on; returns the unsubscribe. */
  onOutput(listener: (chunk: Buffer) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Ends the job's whole process tree (SIGTERM, then SIGKILL); resolves once it has ended. */
  async stop(): Promise<JobEnding> {
    if (this.state === 'running' && this.processes) {
      this.state = 'stopped';
      this.stopping = killCommand(this.processes);
    }
    return this.ended;
  }

  /** The group to signal to end it (`kill -- -pid`), while it runs. */
  get pid(): number | undefined {
    return this.state === 'running' ? this.processes?.pid : undefined;
  }

  /**
   * Lets the job outlive tack (keep.ts): tack's exit and reaper leave it alone, and its output pipes
   * are handed over once what tack had read of them is in its log. Tack reads nothing more of it.
   */
  handOver(): Readable[] | undefined {
    if (this.state !== 'running' || !this.processes || this.kept) return undefined;
    this.kept = true;
    this.shell.outlive();
    const { stdout, stderr } = this.shell.child;
    for (const pipe of [stdout, stderr]) {
      pipe.pause();
      // each chunk read here goes to the log through the 'data' listener
      while (pipe.read() !== null);
    }
    return [stdout, stderr];
  }

  /** The last `n` lines it printed, as a terminal would show them. */
  lastLines(n: number): string[] {
    const lines = cleanTerminalText(this.recent).replace(/\n+$/, '').split('\n');
    return lines.slice(-n).filter((line, i, all) => line !== '' || i < all.length - 1);
  }

  info(): JobInfo {
    return {
      id: this.id,
      command: this.command,
      state: this.state,
      startedAt: this.startedAt,
      ...(this.endedAt ? { endedAt: this.endedAt } : {}),
      ...(this.ending ? { exitCode: this.ending.exitCode, ...(this.ending.signal ? { signal: this.ending.signal } : {}) } : {}),
      lastLine: this.lastLines(1)[0] ?? '',
      bytes: this.log.written,
    };
  }
}
