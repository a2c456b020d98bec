// The jobs of one session, numbered from 1: started by bash's `run_in_background`, read by
// job_output, ended by job_stop, listed by the app's /jobs. Those running count against `jobs.max`.
import { Job, type JobEnding, type JobInfo } from './job.js';
import type { ShellOptions } from '../bash/spawn.js';

export const DEFAULT_MAX_JOBS = 8;
/** Jobs that have ended are kept this many at a time (their output with them), the oldest dropped. */
const KEEP_ENDED = 16;

export type JobEvent = { type: 'job_started'; job: JobInfo } | { type: 'job_exited'; job: JobInfo; ending: JobEnding; lastLines: string[]; told: boolean };

/** How one job starts. */
export interface JobStart {
  /** nobody was asked about the command: the sandbox lets it write nothing but /tmp */
  unasked?: boolean;
}

export class Jobs {
  private readonly jobs = new Map<number, Job>();
  private next = 1;
  private readonly listeners = new Set<(event: JobEvent) => void>();

  constructor(
    private readonly cwd: string,
    private readonly shell: ShellOptions,
    readonly max = DEFAULT_MAX_JOBS,
  ) {}

  /** Told when a job starts and when it ends; returns the unsubscribe. */
  subscribe(listener: (event: JobEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  running(): Job[] {
    return [...this.jobs.values()].filter((job) => job.state === 'running');
  }

  list(): Job[] {
    return [...this.jobs.values()];
  }

  get(id: number): Job | undefined {
    return this.jobs.get(id);
  }

  /** A new job, or the sentence saying why not (the limit). */
  start(command: string, how: JobStart = {}): Job | string {
    if (this.running().length >= this.max) {
      const ids = this.running()
        .map((job) => job.id)
        .join(', ');
      return `${this.max} ${this.max === 1 ? 'job is' : 'jobs are'} running already (jobs ${ids}), the limit (jobs.max); stop one with job_stop first`;
    }
    const job = new Job(this.next++, command, this.cwd, this.shell, how.unasked);
    this.jobs.set(job.id, job);
    this.emit({ type: 'job_started', job: job.info() });
    void job.ended.then((ending) => {
      // after the tool that waited on the job has had its turn to say it ended (`told`)
      setImmediate(() => this.emit({ type: 'job_exited', job: job.info(), ending, lastLines: job.lastLines(5), told: job.told }));
      this.forgetOld();
    });
    return job;
  }

  /** Ends every running job (when the session closes); resolves once all have ended. */
  async stopAll(): Promise<void> {
    await Promise.all(this.running().map((job) => job.stop()));
  }

  private forgetOld(): void {
    const ended = this.list().filter((job) => job.state !== 'running');
    for (const job of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED))) {
      this.jobs.delete(job.id);
      job.log.close();
    }
  }

  private emit(event: JobEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
