// What becomes of the background jobs still running when tack exits, and the words that say so: the
// app asks (stop them, or keep them running after tack), print mode stops them and names them.
import type { KeptJob } from '../../tools/jobs/index.js';
import type { Session } from '../session/session.js';
import { visible } from '../text/terminal-text.js';

const SHOWN = 60;

/** "job 1 (npm run dev)": a job as a sentence names it, its command on one line, drawn safe. */
export function jobName(job: { id: number; command: string }): string {
  const line = visible(job.command.split('\n')[0]!.trim());
  return `job ${job.id} (${line.length > SHOWN ? `${line.slice(0, SHOWN - 1)}…` : line})`;
}

/** "job 1 (a) and job 2 (b)" */
export function jobNames(jobs: readonly { id: number; command: string }[]): string {
  const names = jobs.map(jobName);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Stops every running job (SIGTERM, then SIGKILL); the sentence naming them, or undefined when none ran. */
export async function stopJobsAtExit(session: Session): Promise<string | undefined> {
  const running = await session.submit({ type: 'stop_jobs' });
  if (running.length === 0) return undefined;
  return `stopped ${jobNames(running)}, which ${running.length === 1 ? 'was' : 'were'} still running`;
}

/** Keeps the running jobs running after tack; the lines that say where their output goes and how to stop each. */
export async function keepJobsAtExit(session: Session): Promise<string[]> {
  const kept = await session.submit({ type: 'keep_jobs' });
  if (typeof kept === 'string') return [`tack could not keep the jobs running (${kept}); they are stopped`];
  return kept.flatMap((job: KeptJob) => [
    `${jobName(job)} keeps running after tack`,
    `  its output goes to ${visible(job.log)}`,
    `  to stop it: kill -- -${job.pid}`,
  ]);
}
