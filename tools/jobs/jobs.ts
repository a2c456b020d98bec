// The jobs of one session, numbered from 1: started by bash's `run_in_background`, read by
// job_output, ended by job_stop, listed by the app's /jobs. Those running count against `jobs.max`.
// A worktree child's bash starts its jobs in its parent's table, through a view with its own folder
// and sandbox (`elsewhere`): listed, counted, reported and stoppable as the parent's.
import { Job, type JobEnding, type JobInfo } from './job.js';
import type { ShellOptions } from '../shell/spawn.js';
import { keepJobs, type KeptJob } from './keep.js';

export const DEFAULT_MAX_JOBS = 8;
/** Jobs that have ended are kept this many at a time (their output with them), the oldest dropped. */
const KEEP_ENDED = 16;

export type JobEvent = { type: 'job_started'; job: JobInfo } | { type: 'job_exited'; job: JobInfo; ending: JobEnding; lastLines: string[]; told: boolean };

/** How one job starts. */
export interface JobStart {
  /** nobody was asked about the command: the sandbox lets it write nothing but /tmp */
  unasked?: boolean;
}

/** What a table and its views share. */
interface Table {
  jobs: Map<number, Job>;
  next: number;
  listeners: Set<(event: JobEvent) => void>;
}

export class Jobs {
  private readonly table: Table;
  /** a view's own jobs (those it started), which its stopAll ends; undefined for a table */
  private readonly own: Set<Job> | undefined;

  constructor(
    private readonly cwd: string,
    private readonly shell: ShellOptions,
    readonly max = DEFAULT_MAX_JOBS,
    of?: Jobs,
  ) {
    this.table = of?.table ?? { jobs: new Map(), next: 1, listeners: new Set() };
    this.own = of ? new Set() : undefined;
  }

  /** This table, for commands that run in `cwd` with `shell` (a worktree child's folder and sandbox). */
  elsewhere(cwd: string, shell: ShellOptions): Jobs {
    return new Jobs(cwd, shell, this.max, this);
  }

  /** Told when a job starts and when it ends; returns the unsubscribe. */
  subscribe(listener: (event: JobEvent) => void): () => void {
    this.table.listeners.add(listener);
    return () => this.table.listeners.delete(listener);
  }

  running(): Job[] {
    return this.list().filter((job) => job.state === 'running');
  }

  list(): Job[] {
    return [...this.table.jobs.values()];
  }

  get(id: number): Job | undefined {
    return this.table.jobs.get(id);
  }

  /** The jobs a view started, or every job of a table. */
  startedHere(): Job[] {
    return this.own ? [...this.own] : this.list();
  }

  /** A new job, or the sentence saying why not (the limit). */
  start(command: string, how: JobStart = {}): Job | string {
    if (this.running().length >= this.max) {
      const ids = this.running()
        .map((job) => job.id)
        .join(', ');
      return `${this.max} ${this.max === 1 ? 'job is' : 'jobs are'} running already (jobs ${ids}), the limit (jobs.max); stop one with job_stop first`;
    }
    const job = new Job(this.table.next++, command, this.cwd, this.shell, how.unasked);
    this.table.jobs.set(job.id, job);
    this.own?.add(job);
    this.emit({ type: 'job_started', job: job.info() });
    void job.ended.then((ending) => {
      // after the tool that waited on the job has had its turn to say it ended (`told`)
      setImmediate(() => this.emit({ type: 'job_exited', job: job.info(), ending, lastLines: job.lastLines(5), told: job.told }));
      this.forgetOld();
    });
    return job;
  }

  /** Ends every running job it started (a table: when the session closes); resolves once all have ended. */
  async stopAll(): Promise<void> {
    await Promise.all(
      this.startedHere()
        .filter((job) => job.state === 'running')
        .map((job) => job.stop()),
    );
  }

  /** Keeps the running jobs it started running after tack, their output going to files in `dir` (keep.ts). */
  keepRunning(dir: string): Promise<KeptJob[] | string> {
    return keepJobs(this.startedHere(), dir);
  }

  private forgetOld(): void {
    const ended = this.list().filter((job) => job.state !== 'running');
    for (const job of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED))) {
      this.table.jobs.delete(job.id);
      job.log.close();
    }
  }

  private emit(event: JobEvent): void {
    for (const listener of this.table.listeners) listener(event);
  }
}
